import type { Db } from '../../db/client';
import type { Item } from '@app/common';
import { toItemResponse } from './items.mapper';
import { listLiveItemsWithImages } from './items.repository';

/** GET /api/item: every item that is not deleted; the shop itself shows those with stock above 0. */
export async function listItems(db: Db): Promise<Item[]> {
  return (await listLiveItemsWithImages(db)).map(({ item, images }) => toItemResponse(item, images));
}
