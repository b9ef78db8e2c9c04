import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayedLoader, SPINNER_DELAY_MS } from './delayed-loader';

// Decision 028: no spinner turns during the first second of a wait; its place is kept meanwhile.
describe('the delayed spinner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['sm', 'calc(1.375rem * var(--mantine-scale))'],
    [14, 'calc(0.875rem * var(--mantine-scale))'],
  ] as const)(
    'when a wait of size %s begins, then a still square of the spinner’s size holds its place for a second',
    (size, square) => {
      const { container } = render(
        <MantineProvider>
          <DelayedLoader size={size} data-testid="spinner" />
        </MantineProvider>,
      );
      const placeholder = container.querySelector<HTMLElement>('[aria-hidden="true"]');
      expect(placeholder?.style.width).toBe(square);
      expect(placeholder?.style.height).toBe(square);
      expect(screen.queryByTestId('spinner')).toBeNull();

      act(() => {
        vi.advanceTimersByTime(SPINNER_DELAY_MS);
      });
      expect(screen.getByTestId('spinner')).toHaveAttribute('aria-hidden', 'true');
      expect(container.querySelector('[aria-hidden="true"]')).toBe(screen.getByTestId('spinner'));
    },
  );
});
