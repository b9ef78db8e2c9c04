import { Skeleton } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from './provider';

describe('the app’s theme', () => {
  it('when a placeholder shows, then it holds still: no pulse drawn frame after frame while a screen loads (decision 028)', () => {
    render(
      <AppProvider mantineEnv="test">
        <Skeleton height={26} width={72} data-testid="placeholder" />
      </AppProvider>,
    );
    expect(screen.getByTestId('placeholder')).not.toHaveAttribute('data-animate');
  });
});
