import { describe, expect, it } from 'vitest';
import type { Tier } from '../constants/tiers';
import { amountForPoints, billPointsHundredths, nextQuarterTier, pointsForAmount, type TierRequirements } from './next-tier';

// The contract's defaults (INR per quarter).
const requirements: TierRequirements = {
  NoTier: 0,
  Basic: 1500000,
  Bronze: 3000000,
  Silver: 6000000,
  Gold: 9000000,
  Platinum: 15000000,
};

describe("nextQuarterTier (spec §4's next-quarter rule)", () => {
  it('when a NoTier customer reaches no tier, then next quarter is NoTier with no points, and the shortfall names Basic', () => {
    expect(nextQuarterTier('NoTier', 0, requirements)).toEqual({ kind: 'no-points', nextTier: 'NoTier', shortfall: 1500000 });
    expect(nextQuarterTier('NoTier', 1499999.99, requirements)).toEqual({
      kind: 'no-points',
      nextTier: 'NoTier',
      shortfall: 0.01,
    });
  });

  it('when a customer above NoTier reaches no tier, then a demotion to NoTier with the billing left to stay', () => {
    expect(nextQuarterTier('Gold', 0, requirements)).toEqual({ kind: 'demotion', nextTier: 'NoTier', shortfall: 9000000 });
    expect(nextQuarterTier('Silver', 1499999.99, requirements)).toEqual({
      kind: 'demotion',
      nextTier: 'NoTier',
      shortfall: 4500000.01,
    });
    // At Basic, what keeps the tier is also what reaches Basic.
    expect(nextQuarterTier('Basic', 0, requirements)).toEqual({ kind: 'demotion', nextTier: 'NoTier', shortfall: 1500000 });
  });

  it.each<[Tier, number]>([
    ['Basic', 1500000],
    ['Bronze', 3000000],
    ['Silver', 6000000],
    ['Gold', 9000000],
    ['Platinum', 15000000],
  ])('when a %s customer has no billing this quarter, then the demotion asks for %d to stay', (tier, requirement) => {
    expect(nextQuarterTier(tier, 0, requirements)).toEqual({ kind: 'demotion', nextTier: 'NoTier', shortfall: requirement });
  });

  it('when the billing is below the current tier but meets a lower one, then a demotion with what is left to stay', () => {
    expect(nextQuarterTier('Gold', 3000000, requirements)).toEqual({ kind: 'demotion', nextTier: 'Bronze', shortfall: 6000000 });
    // One paisa short of keeping Silver.
    expect(nextQuarterTier('Silver', 5999999.99, requirements)).toEqual({
      kind: 'demotion',
      nextTier: 'Bronze',
      shortfall: 0.01,
    });
  });

  it('when the billing is exactly at the current tier, then it is kept and the next tier up shows its shortfall', () => {
    expect(nextQuarterTier('Silver', 6000000, requirements)).toEqual({
      kind: 'next-tier',
      nextTier: 'Silver',
      tierAbove: 'Gold',
      shortfall: 3000000,
    });
  });

  it('when the billing meets higher tiers too, then it steps up while they are met (one paisa decides)', () => {
    expect(nextQuarterTier('Basic', 9000000, requirements)).toEqual({
      kind: 'next-tier',
      nextTier: 'Gold',
      tierAbove: 'Platinum',
      shortfall: 6000000,
    });
    expect(nextQuarterTier('Basic', 8999999.99, requirements)).toMatchObject({ nextTier: 'Silver', shortfall: 0.01 });
    expect(nextQuarterTier('NoTier', 1500000, requirements)).toMatchObject({ kind: 'next-tier', nextTier: 'Basic' });
  });

  it('when Platinum is met, then it stays Platinum; reached from below, it is Platinum too', () => {
    expect(nextQuarterTier('Platinum', 15000000, requirements)).toEqual({ kind: 'top', nextTier: 'Platinum' });
    expect(nextQuarterTier('Bronze', 20000000.5, requirements)).toEqual({ kind: 'top', nextTier: 'Platinum' });
    expect(nextQuarterTier('Platinum', 14999999.99, requirements)).toMatchObject({ kind: 'demotion', nextTier: 'Gold' });
  });

  it('when a superadmin sets NoTier a requirement too, then missing every requirement still gives NoTier', () => {
    const strict: TierRequirements = { ...requirements, NoTier: 100 };
    expect(nextQuarterTier('Bronze', 50, strict)).toMatchObject({ kind: 'demotion', nextTier: 'NoTier' });
    expect(nextQuarterTier('NoTier', 50, strict)).toMatchObject({ kind: 'no-points', nextTier: 'NoTier' });
  });

  it.each<[Tier, number, Tier]>([
    ['NoTier', 2999999.99, 'Basic'],
    ['Bronze', 3000000.01, 'Bronze'],
    ['Gold', 15000000, 'Platinum'],
    ['Platinum', 0, 'NoTier'],
  ])('when %s bills %d, then next quarter is %s', (current, billing, expected) => {
    expect(nextQuarterTier(current, billing, requirements).nextTier).toBe(expected);
  });
});

describe('bill points (contract "Bills": round(amount ÷ rate, 2))', () => {
  it('when the amount divides evenly, then the points are exact', () => {
    expect(pointsForAmount(60000, 400)).toBe(150);
    expect(billPointsHundredths(6000000, 40000)).toBe(15000);
  });

  it('when the third decimal is 5, then it rounds half up; below 5, down', () => {
    // 1 / 8 = 0.125 → 0.13; 1 / 3 = 0.333… → 0.33; 2 / 3 = 0.666… → 0.67
    expect(pointsForAmount(1, 8)).toBe(0.13);
    expect(pointsForAmount(1, 3)).toBe(0.33);
    expect(pointsForAmount(2, 3)).toBe(0.67);
    expect(pointsForAmount(1234.56, 600)).toBe(2.06);
  });

  it('when the rate is 0 or below (NoTier), then a bill earns nothing', () => {
    expect(pointsForAmount(500000, 0)).toBe(0);
    expect(pointsForAmount(500000, -5)).toBe(0);
  });

  it('when the form turns points back into an amount, then it is points × rate with 2 decimals', () => {
    expect(amountForPoints(150, 400)).toBe(60000);
    expect(amountForPoints(0.13, 8)).toBe(1.04);
    expect(amountForPoints(10, 0)).toBe(0);
  });

  it('when the amount is large (₹10 crore at rate 200), then the arithmetic stays exact', () => {
    expect(pointsForAmount(100000000, 200)).toBe(500000);
    expect(pointsForAmount(99999999.99, 300)).toBe(333333.33);
  });
});
