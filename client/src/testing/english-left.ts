import { expect } from 'vitest';

type Catalogue = Record<string, string>;

/** Attributes whose words a person hears or sees (screen readers, hints, tooltips, pictures). */
const SPOKEN_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];

/**
 * The English texts of a catalogue that would give away an untranslated screen: each whole message without
 * placeholders, and each run of two words or more between placeholders ("points go back to" from
 * "{points} points go back to {username}…"). Texts that are the same in both languages (CSV) are left out,
 * and so are plural messages, whose words sit inside ICU syntax.
 */
function englishTexts(english: Catalogue, hindi: Catalogue): { whole: string[]; pieces: string[] } {
  const whole: string[] = [];
  const pieces: string[] = [];
  for (const [key, message] of Object.entries(english)) {
    if (hindi[key] === message || message.includes(', plural,')) continue;
    if (!message.includes('{')) {
      whole.push(message);
      continue;
    }
    for (const piece of message.split(/\{[^}]*\}/)) {
      const words = piece.trim();
      if (words.split(/\s+/).length >= 2) pieces.push(words);
    }
  }
  return { whole, pieces };
}

/**
 * Fails when any of `containers` shows one of the catalogue's English texts, as an element's whole text or a
 * spoken attribute, or a multi-word piece of a sentence anywhere in its text or attributes.
 */
export function expectNoEnglishLeft(containers: HTMLElement[], english: Catalogue, hindi: Catalogue): void {
  const { whole, pieces } = englishTexts(english, hindi);
  const found = new Set<string>();
  for (const container of containers) {
    const elements = [container, ...Array.from(container.querySelectorAll<HTMLElement>('*'))];
    for (const element of elements) {
      const text = (element.textContent ?? '').trim();
      const spoken = SPOKEN_ATTRIBUTES.map((name) => element.getAttribute(name)).filter((value) => value !== null);
      for (const message of whole) if (text === message || spoken.includes(message)) found.add(message);
      for (const piece of pieces) if (spoken.some((value) => value.includes(piece))) found.add(piece);
    }
    const allText = container.textContent ?? '';
    for (const piece of pieces) if (allText.includes(piece)) found.add(piece);
  }
  expect([...found]).toEqual([]);
}
