import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;
type NewCampaignRow = typeof campaigns.$inferInsert;

export async function listCampaigns(db: DbOrTx): Promise<CampaignRow[]> {
  return db.select().from(campaigns).orderBy(desc(campaigns.from), desc(campaigns.createdAt));
}

export async function findCampaign(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function insertCampaign(db: DbOrTx, values: NewCampaignRow): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row!;
}

export async function updateCampaign(db: DbOrTx, id: string, values: Partial<NewCampaignRow>): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(campaigns.id, id))
    .returning();
  return row!;
}

export async function deleteCampaign(db: DbOrTx, id: string): Promise<void> {
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

/** The campaigns whose days (both inclusive) hold `day`, the earliest created first. */
export async function campaignsCovering(db: DbOrTx, day: string): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(and(lte(campaigns.from, day), gte(campaigns.to, day)))
    .orderBy(campaigns.createdAt, campaigns.id);
}
