import { fromHundredths, type Item } from '@app/common';
import type { ItemRow } from './items.repository';

export function toItemResponse(item: ItemRow, images: string[]): Item {
  return {
    _id: item.id,
    name: item.name,
    description: item.description,
    pointsRequired: fromHundredths(item.pointsRequired),
    discount: fromHundredths(item.discount),
    stock: item.stock,
    images,
    image: images[0] ?? null,
    createdAt: item.createdAt.toISOString(),
  };
}
