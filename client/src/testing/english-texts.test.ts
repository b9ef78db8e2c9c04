import { describe, expect, it } from 'vitest';
import { staffEnglishIn } from './english-texts';

function html(markup: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = markup;
  return container;
}

describe('staffEnglishIn (the check the Hindi screen tests rely on)', () => {
  it('when a screen shows staff English in text, a label or a plural, then each is reported with its message id', () => {
    const found = staffEnglishIn(
      html(`<p>Showing 1–2 of 42</p><button aria-label="Add Bill for dealer-1">बिल जोड़ें</button><h3>Added 3 customers</h3>`),
    );

    expect(found).toEqual(
      expect.arrayContaining([
        'list.showing: Showing 1–2 of 42',
        'usersTable.addBillFor: Add Bill for dealer-1',
        'import.added: Added 3 customers',
      ]),
    );
  });

  it('when a screen shows only Hindi and data, then nothing is reported', () => {
    expect(staffEnglishIn(html('<p>42 में से 1–2 दिखाए जा रहे हैं</p><td>dealer-1</td><td>Sharma Traders</td>'))).toEqual([]);
  });
});
