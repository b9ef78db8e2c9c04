import { supportContactsSchema, type PublicSettings } from '@app/common';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { defaultSettings, SETTING_KEYS } from './settings.defaults';
import { insertMissingSettings, readSettings } from './settings.repository';

export async function ensureDefaultSettings(db: DbOrTx, config: Config): Promise<void> {
  await insertMissingSettings(db, defaultSettings(config));
}

/** GET /api/settings/public: the product name and support contacts, readable before sign-in. */
export async function getPublicSettings(db: Db, config: Config): Promise<PublicSettings> {
  const values = await readSettings(db, [SETTING_KEYS.productName, SETTING_KEYS.supportContacts]);
  const productName = values.get(SETTING_KEYS.productName);
  const contacts = supportContactsSchema.safeParse(values.get(SETTING_KEYS.supportContacts));
  return {
    productName: typeof productName === 'string' && productName.trim() !== '' ? productName : config.PRODUCT_NAME,
    supportContacts: contacts.success ? contacts.data : [],
  };
}
