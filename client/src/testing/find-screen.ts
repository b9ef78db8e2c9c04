import { screen, waitFor, type waitForOptions } from '@testing-library/react';

/**
 * Waits until a screen has opened: its heading is there and nothing is still loading its code. A staff screen
 * draws its heading while its code loads (router.tsx, HeadedScreen), so the heading alone does not say the
 * screen has arrived.
 */
export async function findScreen(name: string | RegExp, options: waitForOptions = { timeout: 15000 }): Promise<HTMLElement> {
  await screen.findByRole('heading', { level: 1, name }, options);
  return waitFor(() => {
    if (document.querySelector('[aria-busy="true"] h1')) throw new Error('the screen’s code is still loading');
    return screen.getByRole('heading', { level: 1, name });
  }, options);
}
