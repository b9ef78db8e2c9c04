import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPINNER_DELAY_MS } from './delayed-loader';
import { PageLoader } from './page-loader';

// Decision 028: a loading screen draws no frame it does not need while the first screen loads.
describe('the loading screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when a wait begins, then the words show at once and the spinner only once the wait has lasted a second', () => {
    render(
      <MantineProvider>
        <PageLoader />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByTestId('page-loader-spinner')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(SPINNER_DELAY_MS - 1);
    });
    expect(screen.queryByTestId('page-loader-spinner')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('page-loader-spinner')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
