import { settingSchemas, type PublicSettings, type SettingKey, type SettingValues } from '@app/common';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { defaultSettings } from './settings.defaults';
import { insertMissingSettings, readSettingRows, upsertSettings } from './settings.repository';

const keysOf = <Values extends object>(values: Values) => Object.keys(values) as (keyof Values & SettingKey)[];

export async function ensureDefaultSettings(db: DbOrTx, config: Config): Promise<void> {
  const defaults = defaultSettings(config);
  await insertMissingSettings(
    db,
    keysOf(defaults).map((key) => ({ key, value: defaults[key] })),
  );
}

/**
 * The settings named, each parsed through its schema in @app/common. A row that is missing or no longer
 * valid (edited by hand in the database) reads as its default rather than reaching a screen malformed.
 */
export async function readSettings<Key extends SettingKey>(
  db: DbOrTx,
  config: Config,
  keys: readonly Key[],
): Promise<Pick<SettingValues, Key>> {
  const stored = new Map((await readSettingRows(db, [...keys])).map((row) => [row.key, row.value]));
  const defaults = defaultSettings(config);
  const values = {} as Pick<SettingValues, Key>;
  for (const key of keys) {
    const parsed = settingSchemas[key].safeParse(stored.get(key));
    values[key] = (parsed.success ? parsed.data : defaults[key]) as SettingValues[Key];
  }
  return values;
}

/** Writes settings a superadmin changed, each checked by its schema first; a bad value throws (400). */
export async function writeSettings(db: DbOrTx, changes: Partial<SettingValues>, actorId: string | null): Promise<void> {
  const rows = keysOf(changes).map((key) => ({ key, value: settingSchemas[key].parse(changes[key]) }));
  await upsertSettings(db, rows, actorId);
}

/** GET /api/settings/public: the product name and support contacts, readable before sign-in. */
export function getPublicSettings(db: Db, config: Config): Promise<PublicSettings> {
  return readSettings(db, config, ['productName', 'supportContacts'] as const);
}
