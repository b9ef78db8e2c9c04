import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShopBanner } from './shop-banner';

const renderBanner = (rate: number | undefined) =>
  render(
    <MantineProvider env="test">
      <ShopBanner rate={rate} />
    </MantineProvider>,
  );

describe('ShopBanner (spec §2 Shop)', () => {
  it("when the customer's tier earns, then the banner names the billing per point", () => {
    renderBanner(400);
    expect(screen.getByText('Earn with every purchase')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Earn 1 point for billing of every Rs. 400');
  });

  it('when the tier earns nothing, then it says so; while loading, an empty line keeps its place', () => {
    const { unmount } = renderBanner(0);
    expect(screen.getByRole('status')).toHaveTextContent('You are not earning points');
    unmount();
    renderBanner(undefined);
    // An empty line of the same height: nothing below the banner moves when the rate arrives.
    expect(screen.getByRole('status').textContent?.trim()).toBe('');
    expect(screen.queryByText(/earn/i, { selector: '[role="status"]' })).not.toBeInTheDocument();
  });
});
