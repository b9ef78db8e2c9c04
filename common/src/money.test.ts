import { describe, expect, it } from 'vitest';
import { formatInr, formatNumber, formatPoints, fromHundredths, hasAtMostTwoDecimals, toHundredths } from './money';

describe('toHundredths / fromHundredths', () => {
  it.each([
    [0, 0],
    [1, 100],
    [0.1, 10],
    [0.29, 29],
    [1.005, 101],
    [1234.56, 123456],
    [15000000, 1500000000],
    [-2.5, -250],
  ])('when %s is stored, then it becomes %s hundredths', (value, hundredths) => {
    expect(toHundredths(value)).toBe(hundredths);
  });

  it('when hundredths are read back, then the same 2-decimal number comes out', () => {
    for (const value of [0.01, 0.1, 0.29, 19.99, 1234.56, 99999999.99]) {
      expect(fromHundredths(toHundredths(value))).toBe(value);
    }
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([
    [1, true],
    [1.5, true],
    [0.29, true],
    [1234.56, true],
    [1.255, false],
    [0.001, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%s → %s', (value, expected) => {
    expect(hasAtMostTwoDecimals(value)).toBe(expected);
  });
});

describe('Indian formatting (en-IN)', () => {
  it('when amounts are large, then digits group in lakhs and crores', () => {
    expect(formatInr(1500000)).toBe('₹15,00,000');
    expect(formatInr(123456.5)).toBe('₹1,23,456.50');
    expect(formatNumber(12345678.9)).toBe('1,23,45,678.9');
    expect(formatPoints(2500)).toBe('2,500.00');
  });
});
