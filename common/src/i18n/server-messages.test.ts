import { describe, expect, it } from 'vitest';
import hiMessages from './locales/hi/messages.json';
import { createMessageLocalizer } from './localize-message';

// hi/messages.json maps the English of every server and validation message to its Hindi. A placeholder that
// is renamed, dropped or added on one side would leave "{name}" in front of a reader or lose a value.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;
const toHindi = createMessageLocalizer(hiMessages);

describe('hi/messages.json', () => {
  it.each(Object.entries(hiMessages))('when the key %j is read, then its Hindi has the same placeholders', (english, hindi) => {
    expect(placeholders(hindi)).toEqual(placeholders(english));
  });

  it('when any key is read, then its Hindi is written in Devanagari (nothing left in English)', () => {
    const untranslated = Object.entries(hiMessages).filter(([, hindi]) => !DEVANAGARI.test(hindi.replace(/\{\w+\}/g, '')));
    expect(untranslated.map(([english]) => english)).toEqual([]);
  });

  it('when a message has varying parts, then the Hindi keeps the values and translates a known inner message', () => {
    expect(toHindi('Username "Cust 1" already exists')).toBe('यूज़रनेम "Cust 1" पहले से मौजूद है');
    expect(toHindi('Too big: expected number to be <=100')).toBe('संख्या 100 से ज़्यादा नहीं हो सकती');
    expect(toHindi('Invalid input: expected number, received NaN')).toBe('गलत जानकारी: संख्या चाहिए, पर NaN मिला');
    expect(toHindi('Too many failed sign-in attempts. Please try again in 1 minute.')).toMatch(/1 मिनट/);
    expect(toHindi('Too many failed sign-in attempts. Please try again in 15 minutes.')).toMatch(/15 मिनट/);
  });

  it('when a message is not in the map, then it stays as it was', () => {
    expect(toHindi('A sentence nobody wrote down')).toBe('A sentence nobody wrote down');
  });
});
