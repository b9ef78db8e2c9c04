import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from './route-error';

function BrokenScreen(): never {
  throw new Error('screen failed to render');
}

// A screen whose code could not be downloaded (say, a release replaced the chunk while the tab was open).
const UndownloadableScreen = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));

function renderAt(path: string, screenElement: ReactNode) {
  return (
    <MantineProvider env="test">
      <ScreenErrorBoundary resetKey={path}>
        <Suspense fallback="Loading">{screenElement}</Suspense>
      </ScreenErrorBoundary>
    </MantineProvider>
  );
}

describe('the error screen (ScreenErrorBoundary)', () => {
  beforeEach(() => {
    // React reports caught render errors on the console; the boundary logs them too. Kept quiet, and checked.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when a screen throws while rendering, then "Something went wrong" offers a reload, and the error is logged', () => {
    render(renderAt('/user/shop', <BrokenScreen />));

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(console.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'screen failed to render' }),
      expect.anything(),
    );
  });

  it("when a screen's code cannot be downloaded, then the same screen shows instead of a blank page", async () => {
    render(renderAt('/user/shop', <UndownloadableScreen />));

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('when the user moves to another path, then the next screen renders', () => {
    const { rerender } = render(renderAt('/user/shop', <BrokenScreen />));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');

    rerender(renderAt('/help', <p>Help screen</p>));

    expect(screen.getByText('Help screen')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
