import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { forgetPublicSettings } from '../features/settings/api/get-public-settings';
import { activateLanguage, currentLanguage, loadScreenCatalogs } from '../lib/i18n/language';
import { fakeMatchMedia } from './match-media';
import { server } from './msw/server';

// jsdom lacks the browser APIs Mantine reads for responsive props, floating elements and scrolling.
Object.defineProperty(window, 'matchMedia', { writable: true, value: vi.fn().mockImplementation(fakeMatchMedia(() => false)) });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// A screen's code is downloaded on its first visit (route-level splitting); in tests that is a module
// transform, which takes over the default 1 s of findBy* when the machine is busy (seen with two cores
// shared by other jobs). A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// Every request must have a handler: an unexpected call is a test failure, not a silent network error.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Components rendered alone (not through the router) read the screens' words too.
  await loadScreenCatalogs();
});
afterEach(async () => {
  cleanup();
  // A test that switched to Hindi leaves the next one in English.
  if (currentLanguage() !== 'en') await activateLanguage('en');
  // Notifications live in a module-level store; one test's notices must not show up in the next.
  notifications.clean();
  server.resetHandlers();
  window.localStorage.clear();
  // The public settings live in a store of their own (not a test's query client): each test reads them afresh.
  forgetPublicSettings();
});
afterAll(() => server.close());
