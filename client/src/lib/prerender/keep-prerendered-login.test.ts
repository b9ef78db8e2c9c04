import { afterEach, describe, expect, it } from 'vitest';
import { keepPrerenderedLogin } from './keep-prerendered-login';

type Visit = { path?: string; token?: string; language?: string; browserLanguages?: string[] };

/** This document with a prerendered #root, seen from a page at `path` with the given storage and browser. */
function visit({ path = '/', token, language, browserLanguages = ['en-IN', 'en'] }: Visit): string {
  document.body.innerHTML = '<div id="root"><main><h1>Login To Earn Rewards!</h1><form></form></main></div>';
  localStorage.clear();
  if (token) localStorage.setItem('token', token);
  if (language) localStorage.setItem('language', language);
  const page = {
    document,
    localStorage,
    location: { pathname: path },
    navigator: { languages: browserLanguages, language: browserLanguages[0] },
  } as unknown as Window;
  keepPrerenderedLogin(page);
  return document.getElementById('root')!.textContent ?? '';
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the prerendered login (decision 023) stays only where it is the screen to show', () => {
  it('when a signed-out English reader opens /, then the login painted from HTML stays', () => {
    expect(visit({})).toBe('Login To Earn Rewards!');
    expect(visit({ language: 'en', browserLanguages: ['hi-IN'] })).toBe('Login To Earn Rewards!');
  });

  it('when Login is pressed on the prerendered form before the app is live, then nothing is sent', () => {
    visit({});
    const submit = new Event('submit', { cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it.each<[string, Visit]>([
    ['another address (the same page answers every route)', { path: '/user/shop' }],
    ['a signed-in visitor (sent to their home)', { token: 'token-1' }],
    ['a reader who chose Hindi', { language: 'hi' }],
    ['a browser set to Hindi, nothing chosen yet', { browserLanguages: ['hi-IN', 'en'] }],
  ])('when it is %s, then #root is emptied for the real screen', (_case, visitOf) => {
    expect(visit(visitOf)).toBe('');
  });
});
