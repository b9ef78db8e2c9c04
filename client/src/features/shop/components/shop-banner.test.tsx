import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/language';
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

  it("when the rate is large or has paise, then it is written as every other amount (formatInr's digits), after the spec's Rs.", () => {
    const { unmount } = renderBanner(1500);
    expect(screen.getByRole('status')).toHaveTextContent(/^Earn 1 point for billing of every Rs\. 1,500$/);
    unmount();
    renderBanner(0.5);
    // One currency sign: "Rs." names it, so no ₹ follows it.
    expect(screen.getByRole('status')).toHaveTextContent(/^Earn 1 point for billing of every Rs\. 0\.50$/);
  });

  it('when the language is Hindi, then the rate reads with ₹ as every other amount, and only once', async () => {
    await activateLanguage('hi');
    renderBanner(1500);
    expect(screen.getByRole('status')).toHaveTextContent(/^हर ₹1,500 की बिलिंग पर 1 पॉइंट कमाएँ$/);
    expect(screen.getByRole('status').textContent).not.toMatch(/Rs|₹.*₹/);
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
