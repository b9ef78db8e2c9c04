import {
  currentQuarter,
  kolkataDate,
  lastEndedQuarter,
  startOfKolkataDay,
  TIERS,
  toHundredths,
  type CalendarDate,
  type OrderStatus,
  type Tier,
} from '@app/common';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAddress } from '../features/addresses/addresses.service';
import { addToCart } from '../features/cart/cart.service';
import { enterBill } from '../features/bills/bills.service';
import { createCampaign } from '../features/campaigns/campaigns.service';
import { runExpiry } from '../features/points-expiry/points-expiry.service';
import { createItem } from '../features/items/items.service';
import { inboxOnly } from '../features/outbox/outbox.service';
import { adjustPoints } from '../features/ledger/ledger.service';
import { changeOrderStatus, checkout } from '../features/orders/orders.service';
import { ensureDefaultSettings, readSettings, writeSettings } from '../features/settings/settings.service';
import { insertUsers } from '../features/users/users.repository';
import { setBlocked } from '../features/users/users.service';
import { hashPassword } from '../lib/passwords';
import { DEMO_ITEMS, DEMO_SUPPORT_CONTACTS, demoDealers, itemDescription, type DemoDealer } from './demo-data';
import { drawItemPicture } from './demo-pictures';
import { countAllUsers, countProgramme, restampStory, type TimelineStep } from './demo.repository';
import { findUsersOffTheirLedger, findUsersOffTheirLots } from '../features/ledger/ledger.service';

// `npm run demo` (contract "Beyond the spec: running the programme"): a believable programme written through
// the same services the API calls, so every bill is priced at its dealer's tier rate, every order takes its
// points and stock, every cancellation refunds, and each change has its ledger entry and audit record. The
// story is random but seeded: every run tells the same one, dated back from the day it runs.

/** Every demo account signs in with this password (the 50 dealers too). */
export const DEMO_PASSWORD = 'rewards-demo';
export const DEMO_ACCOUNTS = { superadmin: 'demo-superadmin', admin: 'demo-admin', customer: 'demo-dealer' } as const;

export class DemoRefusedError extends Error {}

const DEMO_STAFF = [
  [DEMO_ACCOUNTS.superadmin, 'Head Office, Jaipur', 'superadmin'],
  [DEMO_ACCOUNTS.admin, 'Sales Office, Jaipur', 'admin'],
  ['admin-jodhpur', 'Sales Office, Jodhpur', 'admin'],
] as const;

/** Every username the demo writes: its staff and its 50 dealers (the demo customer among them). */
export function demoUsernames(): string[] {
  return [...DEMO_STAFF.map(([username]) => username), ...demoDealers(DEMO_ACCOUNTS.customer).map((dealer) => dealer.username)];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A small seeded generator (mulberry32): the same story on every run and in the test. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (low: number, high: number) => low + (high - low) * next(),
    whole: (low: number, high: number) => Math.floor(low + (high - low + 1) * next()),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof randomSource>;

function addDays(date: CalendarDate, days: number): CalendarDate {
  return kolkataDate(new Date(startOfKolkataDay(date).getTime() + days * DAY_MS + 12 * HOUR_MS));
}

/** A moment of a working day in Kolkata (10:00 to 18:00), never later than `latest`. */
function workingMoment(date: CalendarDate, random: Random, latest: Date): Date {
  const moment = new Date(startOfKolkataDay(date).getTime() + random.between(10, 18) * HOUR_MS);
  return moment < latest ? moment : latest;
}

type Event = { at: Date; run: () => Promise<void> };

/** Runs the story's events in time order; an event may add later ones (an order's completion). */
class Story {
  private events: Event[] = [];
  readonly steps: TimelineStep[] = [];

  add(at: Date, run: () => Promise<void>) {
    this.events.push({ at, run });
  }

  /** Runs `work` as one step: rows it writes take the story's time `at` (restampStory). */
  async step<T>(at: Date, work: () => Promise<T>): Promise<T> {
    // Steps never share a millisecond: the previous step's window ends a millisecond after its last write.
    const previousEnd = this.steps.at(-1)?.realTo.getTime() ?? 0;
    while (Date.now() < previousEnd) await new Promise((resolve) => setTimeout(resolve, 1));
    const realFrom = new Date();
    const result = await work();
    this.steps.push({ realFrom, realTo: new Date(Date.now() + 1), storyTime: at });
    return result;
  }

  async play() {
    while (this.events.length > 0) {
      this.events.sort((first, second) => first.at.getTime() - second.at.getTime());
      const event = this.events.shift()!;
      await this.step(event.at, event.run);
    }
  }
}

/** A quarter's billing for a dealer: most keep their tier, some slip below it, some earn the next one. */
function quarterBilling(tier: Tier, requirements: Record<Tier, number>, trend: 'steady' | 'down' | 'up', random: Random): number {
  const index = TIERS.indexOf(tier);
  const requirement = requirements[tier];
  const next = index < TIERS.length - 1 ? requirements[TIERS[index + 1]!] : undefined;
  if (tier === 'NoTier') return trend === 'up' ? (next ?? 0) * random.between(1.05, 1.3) : random.between(300_000, 1_300_000);
  if (trend === 'down') return requirement * random.between(0.55, 0.92);
  if (trend === 'up' && next) return next * random.between(1.02, 1.15);
  const ceiling = next ? Math.min(1.4, (0.95 * next) / requirement) : 1.45;
  return requirement * random.between(1.02, ceiling);
}

/** `total` rupees split over `count` bills of uneven size, whole rupees each. */
function splitAmount(total: number, count: number, random: Random): number[] {
  const weights = Array.from({ length: count }, () => random.between(0.5, 1.5));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => Math.max(1_000, Math.round((total * weight) / sum)));
}

export type DemoResult = { accounts: typeof DEMO_ACCOUNTS; password: string; counts: Awaited<ReturnType<typeof countProgramme>> };

/**
 * Writes the demo programme into an empty, migrated database as it stands at `now`: staff, 50 dealers in
 * every tier, 30 items with pictures, bills over the quarter that ended and the one running, orders in every
 * status, points adjustments. Refuses a database that has any user. Throws when a balance differs from its
 * ledger or a stock is below zero at the end.
 */
/** Months until the demo's points expire (contract "points expiry"). */
const DEMO_EXPIRY_MONTHS = 3;

export async function seedDemoProgramme(db: Db, config: Config, now: Date): Promise<DemoResult> {
  if ((await countAllUsers(db)) > 0) {
    throw new DemoRefusedError('This database already has users; the demo only writes into an empty one.');
  }
  const random = randomSource(20261126);
  const story = new Story();
  // The demo's people are invented: their notifications fill inboxes and are never mailed or POSTed.
  const delivery = inboxOnly(config);
  const previous = lastEndedQuarter(now);
  const current = currentQuarter(now);
  const today = kolkataDate(now);
  // Nothing in the story happens later than a minute ago.
  const latest = new Date(now.getTime() - 60_000);
  const opening = new Date(startOfKolkataDay(addDays(previous.from, -14)).getTime() + 11 * HOUR_MS);

  // One bcrypt hash for every demo account (~55 ms each: 53 hashes would cost seconds).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const staff = await insertUsers(
    db,
    DEMO_STAFF.map(([username, partyName, userType], index) => ({
      username,
      partyName,
      phoneNumber: `98290${String(40_001 + index)}`,
      passwordHash,
      userType,
      isPasswordReset: true,
      createdAt: opening,
    })),
  );
  const superadmin = staff.find((user) => user.userType === 'superadmin')!;
  const admins = staff.filter((user) => user.userType === 'admin');

  await ensureDefaultSettings(db, config);
  await writeSettings(db, { supportContacts: DEMO_SUPPORT_CONTACTS }, superadmin.id);
  // Contract "points expiry and bonus campaigns": points expire at the end of the third month after the month they
  // were earned, so the story's oldest have expired by today and some expire within 30 days; a campaign ended last
  // quarter and another runs now, so bills in their days carry a bonus.
  await writeSettings(db, { pointsExpiryMonths: DEMO_EXPIRY_MONTHS }, superadmin.id);
  await createCampaign(db, superadmin.id, {
    name: 'Festive week bonus',
    from: addDays(previous.from, 40),
    to: addDays(previous.from, 46),
    multiplier: 2,
    tiers: null,
  });
  await createCampaign(db, superadmin.id, {
    name: 'Partner fortnight',
    from: addDays(today, -6),
    to: addDays(today, 9),
    multiplier: 1.5,
    tiers: ['Silver', 'Gold', 'Platinum'],
  });
  const settings = await readSettings(db, config, ['tierBillingRequirements'] as const);

  const dealers = demoDealers(DEMO_ACCOUNTS.customer);
  const dealerRows = await insertUsers(
    db,
    dealers.map((dealer, index) => ({
      username: dealer.username,
      partyName: dealer.partyName,
      phoneNumber: dealer.phoneNumber,
      passwordHash,
      userType: 'customer' as const,
      tier: dealer.tier,
      isPasswordReset: true,
      createdBy: admins[index % admins.length]!.id,
      createdAt: new Date(opening.getTime() + index * HOUR_MS),
    })),
  );
  const idOf = new Map(dealerRows.map((row) => [row.username, row.id]));
  const dealerId = (dealer: DemoDealer) => idOf.get(dealer.username)!;

  // The catalogue, three items at a time: sharp draws and encodes pictures on its own threads.
  const catalogue = await story.step(opening, async () => {
    const created: { id: string; pointsEach: number; stock: number }[] = [];
    for (let start = 0; start < DEMO_ITEMS.length; start += 3) {
      const batch = DEMO_ITEMS.slice(start, start + 3);
      created.push(
        ...(await Promise.all(
          batch.map(async (item) => {
            const picture = await drawItemPicture(item.name, item.kind, item.colour);
            const saved = await createItem(
              { db, actorId: admins[0]!.id, now: opening },
              {
                name: item.name,
                description: itemDescription(item),
                pointsRequired: item.points,
                discount: item.discount,
                stock: item.stock,
              },
              picture,
            );
            return { id: saved._id, pointsEach: toHundredths(item.points - item.discount), stock: item.stock };
          }),
        )),
      );
    }
    return created;
  });

  // Each dealer's shop address (and a godown for some), saved when they joined.
  const addressOf = new Map<string, string>();
  for (const [index, dealer] of dealers.entries()) {
    const userId = dealerId(dealer);
    const joined = new Date(opening.getTime() + index * HOUR_MS);
    const shop = await createAddress(
      db,
      userId,
      {
        addressLine1: `${random.whole(1, 240)}, ${dealer.town.area}`,
        addressLine2: dealer.partyName.split(',')[0],
        city: dealer.town.name,
        pinCode: dealer.town.pinCode,
        default: true,
      },
      joined,
    );
    addressOf.set(userId, shop._id);
    if (index % 4 === 0) {
      await createAddress(
        db,
        userId,
        {
          addressLine1: `Godown ${random.whole(2, 30)}, RIICO Industrial Area`,
          addressLine2: undefined,
          city: dealer.town.name,
          pinCode: dealer.town.pinCode,
          default: false,
        },
        joined,
      );
    }
  }

  // Bills: each dealer's billing over the quarter that ended, and the running quarter so far.
  const elapsed = Math.max(0, (startOfKolkataDay(today).getTime() - startOfKolkataDay(current.from).getTime()) / DAY_MS);
  const quarterDays = (startOfKolkataDay(addDays(current.to, 1)).getTime() - startOfKolkataDay(current.from).getTime()) / DAY_MS;
  const balance = new Map<string, number>();
  let billSerial = 1000;
  for (const [index, dealer] of dealers.entries()) {
    const userId = dealerId(dealer);
    const roll = random.next();
    const trend = index === 0 ? 'steady' : roll < 0.15 ? 'down' : roll < 0.3 ? 'up' : 'steady';
    const quarters = [
      {
        from: previous.from,
        days: Math.round((startOfKolkataDay(previous.to).getTime() - startOfKolkataDay(previous.from).getTime()) / DAY_MS) + 1,
        share: 1,
      },
      { from: current.from, days: elapsed, share: elapsed / quarterDays },
    ];
    for (const quarter of quarters) {
      if (quarter.days < 1) continue;
      const total =
        quarterBilling(dealer.tier, settings.tierBillingRequirements, trend, random) * quarter.share * random.between(0.9, 1.1);
      const count = Math.max(1, Math.round(random.whole(3, 6) * Math.max(quarter.share, 0.25)));
      for (const amount of splitAmount(total, count, random)) {
        const billDate = addDays(quarter.from, random.whole(0, quarter.days - 1));
        const at = workingMoment(billDate, random, latest);
        billSerial += random.whole(1, 9);
        const billNumber = `${dealer.town.code}/${billDate.slice(2, 4)}${billDate.slice(5, 7)}/${billSerial}`;
        story.add(at, async () => {
          const change = await enterBill(
            { db, config, delivery, now: at, actorId: random.pick(admins).id },
            { userId, billNumber, billDate, billAmount: amount },
          );
          balance.set(userId, toHundredths(change.customerPoints.availablePoints));
        });
      }
    }
  }

  // Orders: dealers redeem once they have points; older orders were mostly delivered, a few cancelled.
  const stock = new Map(catalogue.map((item) => [item.id, item.stock]));
  const firstOrderDay = addDays(previous.from, 20);
  const orderWindow = latest.getTime() - startOfKolkataDay(firstOrderDay).getTime();
  const placeOrder = (userId: string, at: Date, plan?: OrderStatus) =>
    story.add(at, async () => {
      const points = balance.get(userId) ?? 0;
      // What the dealer can afford with a fifth of their points kept back, the dearer half preferred.
      const affordable = catalogue.filter((item) => (stock.get(item.id) ?? 0) >= 1 && item.pointsEach <= points * 0.8);
      if (affordable.length === 0) return;
      const item = random.pick(affordable.slice(Math.floor(affordable.length / 2)));
      const quantity = item.pointsEach * 2 <= points * 0.8 && (stock.get(item.id) ?? 0) >= 2 && random.next() < 0.25 ? 2 : 1;
      const placed = await checkout(
        { db, delivery, userId, now: at },
        { addressId: addressOf.get(userId)!, items: [{ itemId: item.id, quantity }] },
      );
      balance.set(userId, toHundredths(placed.availablePoints));
      stock.set(item.id, (stock.get(item.id) ?? 0) - quantity);
      const age = latest.getTime() - at.getTime();
      const roll = random.next();
      const status: OrderStatus =
        plan ??
        (age > 12 * DAY_MS
          ? roll < 0.7
            ? 'Completed'
            : roll < 0.88
              ? 'Cancelled'
              : 'Pending'
          : roll < 0.25
            ? 'Completed'
            : roll < 0.35
              ? 'Cancelled'
              : 'Pending');
      if (status === 'Pending') return;
      const changedAt = new Date(
        Math.min(
          at.getTime() + random.between(status === 'Cancelled' ? 0.2 : 2, status === 'Cancelled' ? 2 : 8) * DAY_MS,
          latest.getTime(),
        ),
      );
      story.add(changedAt, async () => {
        const order = await changeOrderStatus(
          { db, delivery, actorId: random.pick(admins).id, now: changedAt },
          placed.order._id,
          {
            status,
          },
        );
        if (status === 'Cancelled') {
          const line = order.items[0]!;
          stock.set(line.itemId._id, (stock.get(line.itemId._id) ?? 0) + line.quantity);
          balance.set(userId, (balance.get(userId) ?? 0) + toHundredths(order.totalValue));
        }
      });
    });
  for (const dealer of dealers.slice(1)) {
    if (dealer.tier === 'NoTier') continue;
    for (let order = random.whole(0, 3); order > 0; order -= 1) {
      placeOrder(dealerId(dealer), new Date(startOfKolkataDay(firstOrderDay).getTime() + random.next() * orderWindow));
    }
  }
  // The demo customer's history shows every status: delivered, cancelled (refunded) and on its way.
  const customerId = dealerId(dealers[0]!);
  const customerOrders: [number, OrderStatus][] = [
    [40, 'Completed'],
    [24, 'Cancelled'],
    [15, 'Completed'],
    [2, 'Pending'],
  ];
  for (const [daysAgo, status] of customerOrders) placeOrder(customerId, new Date(latest.getTime() - daysAgo * DAY_MS), status);

  // A superadmin's adjustments: a festival bonus, welcome points for new dealers, a correction.
  const adjust = (dealer: DemoDealer, at: Date, points: number, reason: string) =>
    story.add(at, async () => {
      const userId = dealerId(dealer);
      if (points < 0 && (balance.get(userId) ?? 0) < -toHundredths(points)) return;
      const entry = await adjustPoints({ db, config, delivery, now: at, actorId: superadmin.id }, userId, { points, reason });
      balance.set(userId, toHundredths(entry.availableAfter));
    });
  const recently = (days: number) => new Date(latest.getTime() - days * DAY_MS);
  for (const dealer of dealers.filter((candidate) => candidate.tier === 'Gold' || candidate.tier === 'Platinum').slice(0, 5)) {
    adjust(dealer, recently(18), 1000, 'Festive season bonus for our top partners');
  }
  for (const dealer of dealers.filter((candidate) => candidate.tier === 'NoTier').slice(0, 2)) {
    adjust(dealer, recently(30), 500, 'Welcome points for joining the programme');
  }
  const basic = dealers.find((candidate) => candidate.tier === 'Basic')!;
  adjust(basic, recently(9), -250, 'Correction: a bill was entered twice before it was deleted');

  await story.play();
  // The day's expiry run, as a server would make it: the oldest points go, and dealers hear of those due soon.
  await runExpiry({ db, config, delivery, now: latest });

  // A dealer whose account is on hold, and two gifts waiting in the demo customer's cart.
  await setBlocked(db, { id: superadmin.id, userType: 'superadmin' }, dealerId(dealers[dealers.length - 1]!), true);
  for (const item of catalogue.filter((candidate) => (stock.get(candidate.id) ?? 0) >= 2).slice(4, 6)) {
    await addToCart(db, customerId, { itemId: item.id, quantity: 1 }, latest);
  }

  await restampStory(db, story.steps);
  const offLedger = (await findUsersOffTheirLedger(db)).map((row) => row.username);
  if (offLedger.length > 0) throw new Error(`Balances differ from the ledger for: ${offLedger.join(', ')}`);
  const offLots = (await findUsersOffTheirLots(db)).map((row) => row.username);
  if (offLots.length > 0) throw new Error(`Points in lots differ from the balances of: ${offLots.join(', ')}`);
  const counts = await countProgramme(db);
  if (counts.itemsWithNegativeStock > 0) throw new Error(`${counts.itemsWithNegativeStock} items have a stock below zero`);
  return { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD, counts };
}
