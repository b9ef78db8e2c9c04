import { describe, expect, it } from 'vitest';
import { pointsExpireOn } from './points-expiry';

describe('pointsExpireOn', () => {
  it("is the end of the month `months` after the date's month (the contract's example)", () => {
    expect(pointsExpireOn('2026-03-15', 12)).toBe('2027-03-31');
  });

  it('never, when the setting is 0', () => {
    expect(pointsExpireOn('2026-03-15', 0)).toBeNull();
  });

  it('ends February on its last day, in leap years too', () => {
    expect(pointsExpireOn('2027-11-30', 3)).toBe('2028-02-29');
    expect(pointsExpireOn('2026-11-01', 3)).toBe('2027-02-28');
  });

  it('crosses years and keeps the whole month whatever the day', () => {
    expect(pointsExpireOn('2026-12-31', 1)).toBe('2027-01-31');
    expect(pointsExpireOn('2026-01-01', 1)).toBe('2026-02-28');
    expect(pointsExpireOn('2026-05-20', 120)).toBe('2036-05-31');
  });
});
