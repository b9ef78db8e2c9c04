import { Box, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * How long a wait runs before its spinner turns: a shorter wait reads as instant, and a spinner that only
 * flashes reads as a glitch. Until then no frame is drawn for it: a turning spinner is a frame per display
 * refresh, the compositor's work beside the page's while the first screen loads (decision 028).
 */
export const SPINNER_DELAY_MS = 1000;

/** Mantine's Loader of size "sm" is this square (a number is pixels, as Mantine reads it). */
const SQUARE = { sm: 'calc(1.375rem * var(--mantine-scale))' } as const;

type DelayedLoaderProps = { size: keyof typeof SQUARE | number; 'data-testid'?: string };

/**
 * Mantine's spinner, turning only once the wait has lasted SPINNER_DELAY_MS; until then an empty square of its
 * size keeps its place, so nothing beside it moves when it appears. Decorative: the words beside it say what
 * is loading.
 */
export function DelayedLoader({ size, 'data-testid': testId }: DelayedLoaderProps) {
  const [turning, setTurning] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTurning(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (turning) return <Loader size={size} aria-hidden data-testid={testId} />;
  const square = typeof size === 'number' ? size : SQUARE[size];
  return <Box component="span" display="inline-block" w={square} h={square} aria-hidden />;
}
