import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import { listItems } from './items.service';

export function createItemsHandlers(deps: AppDeps) {
  // GET /api/item (public) - the catalogue: every item not deleted (contract "Items")
  const getItems: RequestHandler = async (_req, res) => {
    res.json(await listItems(deps.db));
  };
  return { listItems: getItems };
}
