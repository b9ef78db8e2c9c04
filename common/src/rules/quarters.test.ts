import { describe, expect, it } from 'vitest';
import {
  currentQuarter,
  formatKolkataDateTime,
  formatKolkataDay,
  formatMonth,
  kolkataDate,
  lastEndedQuarter,
  nextQuarter,
  parseQuarterId,
  previousQuarter,
  quarterHasEnded,
  quarterOfDate,
  startOfKolkataDay,
} from './quarters';

// 31 Mar 2026 23:59:59 IST is 18:29:59 UTC; 1 Apr 2026 00:00:00 IST is 18:30:00 UTC.
const lastSecondOfQ1 = new Date('2026-03-31T18:29:59.999Z');
const firstMomentOfQ2 = new Date('2026-03-31T18:30:00.000Z');

describe('Asia/Kolkata dates and quarters', () => {
  it('when it is 31 Mar 23:59:59 IST, then the date is 31 Mar and the quarter Q1; one instant later it is 1 Apr and Q2', () => {
    expect(kolkataDate(lastSecondOfQ1)).toBe('2026-03-31');
    expect(currentQuarter(lastSecondOfQ1).id).toBe('2026-Q1');
    expect(kolkataDate(firstMomentOfQ2)).toBe('2026-04-01');
    expect(currentQuarter(firstMomentOfQ2).id).toBe('2026-Q2');
  });

  it('when UTC has already moved to the next day, then Kolkata is ahead of it, never behind', () => {
    expect(kolkataDate(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(kolkataDate(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(currentQuarter(new Date('2026-12-31T18:30:00Z')).id).toBe('2027-Q1');
  });

  it('when a quarter is asked for, then it runs from its first to its last calendar day, leap years included', () => {
    expect(quarterOfDate('2028-02-29')).toMatchObject({ id: '2028-Q1', from: '2028-01-01', to: '2028-03-31' });
    expect(quarterOfDate('2026-06-30')).toMatchObject({ id: '2026-Q2', from: '2026-04-01', to: '2026-06-30' });
    expect(quarterOfDate('2026-07-01')).toMatchObject({ id: '2026-Q3', from: '2026-07-01', to: '2026-09-30' });
    expect(quarterOfDate('2026-12-31')).toMatchObject({ id: '2026-Q4', from: '2026-10-01', to: '2026-12-31' });
  });

  it('when stepping across a year, then Q1 follows Q4 and precedes it', () => {
    expect(nextQuarter(quarterOfDate('2026-11-24')).id).toBe('2027-Q1');
    expect(previousQuarter(quarterOfDate('2027-01-01')).id).toBe('2026-Q4');
  });

  it('when the last quarter to end is asked for, then it is the one before the running quarter, ended at IST midnight', () => {
    expect(lastEndedQuarter(lastSecondOfQ1).id).toBe('2025-Q4');
    expect(lastEndedQuarter(firstMomentOfQ2).id).toBe('2026-Q1');
    const q1 = quarterOfDate('2026-02-10');
    expect(quarterHasEnded(q1, lastSecondOfQ1)).toBe(false);
    expect(quarterHasEnded(q1, firstMomentOfQ2)).toBe(true);
  });

  it('when a day starts in Kolkata, then it is 18:30 UTC the day before', () => {
    expect(startOfKolkataDay('2026-04-01').toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  it('when a quarter id is read, then only YYYY-Q1..Q4 is one', () => {
    expect(parseQuarterId('2026-Q3')).toMatchObject({ year: 2026, number: 3, from: '2026-07-01' });
    for (const bad of ['2026-Q5', '2026-Q0', '26-Q1', '2026Q1', '2026-q1', '2026-Q1 ', '']) {
      expect(parseQuarterId(bad), bad).toBeUndefined();
    }
  });
});

describe('the screens’ date formats (one formatter per kind and locale)', () => {
  it('when an instant is shown as a day, then it is the day it was in India', () => {
    expect(formatKolkataDay('2026-11-02T20:00:00Z', 'en-IN')).toBe('3 Nov 2026');
    expect(formatKolkataDay('2026-11-02T18:29:59Z', 'en-IN')).toBe('2 Nov 2026');
  });

  it('when an instant is shown with its time, then the time is India’s, in the reader’s language', () => {
    expect(formatKolkataDateTime('2026-11-24T06:35:00Z', 'en-IN')).toBe('24 Nov 2026, 12:05 pm');
    // Hindi names the time of day in Hindi, never "pm" (contract "Every screen on a phone": times follow the language).
    expect(formatKolkataDateTime('2026-11-24T06:35:00Z', 'hi-IN')).toBe('24 नव॰ 2026, दोपहर 12:05');
    expect(formatKolkataDateTime('2026-12-07T14:35:00Z', 'hi-IN')).toBe('7 दिस॰ 2026, रात 8:05');
    expect(formatKolkataDateTime('2026-12-07T14:35:00Z', 'hi-IN')).not.toMatch(/[ap]m/);
  });

  it('when a month is shown, then it is its short name and year whatever the time zone', () => {
    expect(formatMonth('2026-05', 'en-IN')).toBe('May 2026');
    expect(formatMonth('2026-01', 'hi-IN')).toBe('जन॰ 2026');
  });
});
