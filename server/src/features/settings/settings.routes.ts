import type { RequestHandler } from 'express';
import type { AppDeps } from '../../deps';
import { getPublicSettings } from './settings.service';

export function createSettingsHandlers(deps: AppDeps) {
  // GET /api/settings/public (public) - { productName, supportContacts } for the login footer and help page
  const getPublic: RequestHandler = async (_req, res) => {
    res.json(await getPublicSettings(deps.db, deps.config));
  };
  return { getPublic };
}
