import { fromHundredths } from '@app/common';
import type { ItemRow } from './items.repository';

export type ItemResponse = {
  _id: string;
  name: string;
  description: string;
  pointsRequired: number;
  discount: number;
  stock: number;
  /** Relative paths without a leading slash ("uploads/…"), served at /uploads/… (contract "Shapes"). */
  images: string[];
  image: string | null;
  createdAt: string;
};

export function toItemResponse(item: ItemRow, images: string[]): ItemResponse {
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
