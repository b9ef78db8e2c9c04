import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_LAYOUT_CLASSES } from './app-layout';

// The frame's class names are written twice, in app-layout.tsx and in its global sheet (app-layout.css, a
// plain sheet so the entry can load it without a module): a name changed on one side must fail here, not leave
// the frame drawn from the page unstyled.
describe('the signed-in frame’s classes', () => {
  it('when app-layout.css is read, then it styles every class the frame uses, and no other app- class', () => {
    const sheet = readFileSync(path.join(__dirname, 'app-layout.css'), 'utf8');
    const styled = new Set([...sheet.matchAll(/\.(app-[a-z-]+)/g)].map((match) => match[1]));
    expect([...styled].sort()).toEqual(Object.values(APP_LAYOUT_CLASSES).sort());
  });
});
