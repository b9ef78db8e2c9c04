import { fromHundredths, linePoints, toHundredths, type CartLine } from '@app/common';

/** Spec §9: cart total = Σ (pointsRequired − discount) × quantity, added in hundredths so it stays exact. */
export function cartTotalPoints(lines: CartLine[]): number {
  return fromHundredths(lines.reduce((sum, line) => sum + toHundredths(linePoints(line.itemId, line.quantity)), 0));
}

/** Contract "Cart": 1 to 5, and never above the stock. */
export function maxQuantity(line: CartLine, limit: number): number {
  return Math.max(0, Math.min(limit, line.itemId.stock));
}
