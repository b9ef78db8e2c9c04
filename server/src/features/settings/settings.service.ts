import {
  settingSchemas,
  type PointsConversionSettings,
  type PointsExpirySettings,
  type PublicSettings,
  type SettingKey,
  type SettingValues,
  type TierBillingSettings,
} from '@app/common';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transactions';
import { recordAudit } from '../audit/audit.service';
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

/** GET /api/superadmin/system/points-conversion (any signed-in user): the points conversion and per-tier rates. */
export function getPointsConversion(db: Db, config: Config): Promise<PointsConversionSettings> {
  return readSettings(db, config, ['pointsConversion', 'tierPointsConversion'] as const);
}

/** GET /api/superadmin/system/tier-billing-requirements (any signed-in user). */
export function getTierBillingRequirements(db: Db, config: Config): Promise<TierBillingSettings> {
  return readSettings(db, config, ['tierBillingRequirements'] as const);
}

/**
 * PUT of either settings screen (superadmin): the new values replace the old in one transaction, with an audit
 * entry of before and after. Bills already entered keep the rate they were priced at.
 */
async function replaceSettings<Key extends SettingKey>(
  db: Db,
  config: Config,
  actorId: string,
  values: Pick<SettingValues, Key>,
): Promise<Pick<SettingValues, Key>> {
  const keys = Object.keys(values) as Key[];
  return inTransaction(db, async (tx) => {
    const before = await readSettings(tx, config, keys);
    await writeSettings(tx, values, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'settings.update',
      entity: 'settings',
      entityId: keys.join(','),
      before,
      after: values,
    });
    return readSettings(tx, config, keys);
  });
}

export function putPointsConversion(db: Db, config: Config, actorId: string, values: PointsConversionSettings) {
  return replaceSettings(db, config, actorId, values);
}

export function putTierBillingRequirements(db: Db, config: Config, actorId: string, values: TierBillingSettings) {
  return replaceSettings(db, config, actorId, values);
}

/** GET /api/superadmin/system/points-expiry (any signed-in user): months until points expire, 0 for never. */
export async function getPointsExpiry(db: Db, config: Config): Promise<PointsExpirySettings> {
  const { pointsExpiryMonths } = await readSettings(db, config, ['pointsExpiryMonths'] as const);
  return { months: pointsExpiryMonths };
}

/**
 * PUT /api/superadmin/system/points-expiry (superadmin): applies to points credited from now on; the dates of
 * lots already credited never change (contract "points expiry").
 */
export async function putPointsExpiry(db: Db, config: Config, actorId: string, values: PointsExpirySettings) {
  const saved = await replaceSettings(db, config, actorId, { pointsExpiryMonths: values.months });
  return { months: saved.pointsExpiryMonths };
}
