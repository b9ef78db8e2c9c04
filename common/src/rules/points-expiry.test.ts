import { describe, expect, it } from 'vitest';
import { daysUntil, pointsExpireOn } from './points-expiry';

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

describe('daysUntil', () => {
  it("counts calendar days from today in Asia/Kolkata (the contract's 24 days to 31 Dec 2026)", () => {
    expect(daysUntil('2026-12-31', new Date('2026-12-07T06:00:00Z'))).toBe(24);
  });

  it('is 0 all through the day itself and 1 all through the day before, whatever the hour', () => {
    // 00:00 and 23:59:59 IST on 31 Dec are 18:30 UTC on 30 Dec and 18:29:59 UTC on 31 Dec.
    expect(daysUntil('2026-12-31', new Date('2026-12-30T18:30:00Z'))).toBe(0);
    expect(daysUntil('2026-12-31', new Date('2026-12-31T18:29:59Z'))).toBe(0);
    expect(daysUntil('2026-12-31', new Date('2026-12-30T18:29:59Z'))).toBe(1);
    expect(daysUntil('2026-12-31', new Date('2026-12-29T18:30:00Z'))).toBe(1);
  });

  it('follows the Kolkata date when UTC is still on the day before', () => {
    // 1 Jan 2027 00:10 IST is 31 Dec 18:40 UTC: the points of 31 Dec are a day past.
    expect(daysUntil('2026-12-31', new Date('2026-12-31T18:40:00Z'))).toBe(-1);
  });

  it('crosses months, years and 29 February', () => {
    expect(daysUntil('2027-01-31', new Date('2026-12-31T06:00:00Z'))).toBe(31);
    expect(daysUntil('2028-03-31', new Date('2028-02-28T06:00:00Z'))).toBe(32);
    expect(daysUntil('2027-03-31', new Date('2026-03-31T06:00:00Z'))).toBe(365);
  });
});
