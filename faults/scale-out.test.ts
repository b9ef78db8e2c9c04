import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, type ServerProcess } from '../e2e/server-process';
import { pictureOf } from '../server/src/test/images';
import { call, customerRows, scratchFolder, signIn, sleep, startServerOn } from './api';
import { createFreshDatabase, type FreshDatabase } from './postgres';

// Issue 16: several servers on one PostgreSQL behave as one. nginx round-robins between two server processes
// (each with its own DATA_DIR, one JWT_SECRET, TRUST_PROXY=loopback); through it customers check out, staff
// enter bills and the quarterly tier review is applied several times at once, while one server is killed
// with SIGKILL and started again. Afterwards the database must hold exactly what the API answered: balances
// equal the ledger, no stock below zero, every 201 order with its lines, one tier review. A picture stored by
// one server is served by the other, and sign-in limits are counted once for both.
//
// nginx keeps proxy_next_upstream at its default (error timeout): a POST goes to the other server only when
// it could not be sent at all (connection refused), never after it was sent, so no write is done twice by
// the proxy. A request in flight on the killed server answers 502: its outcome is unknown to the client,
// which sends it again with the same Idempotency-Key, as the client does.

const BUYERS = 12;
const BILL_CLERKS = 3;
const APPLY_ATTEMPTS = 4;
/** Customers billed enough in the last ended quarter to move up from NoTier (Basic needs 15 lakh). */
const PROMOTED = 6;
const QUARTER_BILLING = 1_600_000;
const SCARCE_STOCK = 15;
const PLENTY_STOCK = 100_000;
const ITEM_PRICE = { pointsRequired: 100, discount: 10 };
const BUYER_POINTS = 500_000;
/** Checkouts answered 201 before the kill: the burst is well under way. */
const KILL_AFTER_ORDERS = 150;
/** Answers from the restarted server before the burst stops: nginx sends to it again. */
const AFTER_RESTART_ANSWERS = 30;
const TRUST_PROXY = 'loopback';
/** Debian's package installs nginx in /usr/sbin, which is not on every user's PATH. */
const NGINX = process.env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

type Proxy = { baseUrl: string; port: number; child: ChildProcess; stop: () => Promise<void> };

/** Why nginx cannot run, or undefined when it can. */
function nginxMissing(): string | undefined {
  const probe = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (!probe.error && probe.status === 0) return undefined;
  return (
    `faults/scale-out.test.ts needs nginx (${NGINX}: ${String(probe.error ?? probe.stderr)}). Install it with ` +
    '`apt-get install -y nginx` (bash .ci/run does) or set NGINX_PATH to its binary.'
  );
}

/**
 * nginx from a config in its own folder (pid, logs and temp files there, /etc left alone), round-robin over
 * `upstreamPorts`. `X-Upstream` on every answer names the server(s) nginx tried, so the test sees where each
 * request went and when one was passed on. Resolves once /api/health answers through it.
 */
async function startNginx(upstreamPorts: number[]): Promise<Proxy> {
  const dir = mkdtempSync(path.join(inject('scratchDir'), 'nginx-'));
  const port = await freePort();
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 10m;
  upstream servers {
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://servers;
      proxy_set_header Host $host;
      # nginx is the edge: the address it saw, never one a client claims.
      proxy_set_header X-Forwarded-For $remote_addr;
      # proxy_next_upstream stays at its default (error timeout, and never a POST once sent).
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  let output = '';
  const child = spawn(NGINX, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${output}\n${errorLog()}`);
    if ((await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 30 s:\n${output}\n${errorLog()}`);
    }
    await sleep(100);
  }
  return {
    baseUrl,
    port,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

type Answer = { status: number; body: unknown; upstream: string };

/** A JSON request through fetch; status 0 when no answer came at all. */
async function send(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // nginx's own 502 page is HTML.
    }
    return { status: response.status, body: parsed, upstream: response.headers.get('x-upstream') ?? '' };
  } catch (error) {
    return { status: 0, body: String(error), upstream: '' };
  }
}

/** POST from a given loopback address (127.0.0.2 …): a different client to nginx, so to the servers through it. */
function postFrom(localAddress: string, url: string, body: unknown): Promise<Answer & { retryAfter?: string }> {
  const target = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            upstream: String(response.headers['x-upstream'] ?? ''),
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The port an answer came from; requests nginx passed on name both ("127.0.0.1:1, 127.0.0.1:2"): the last. */
const answeredBy = (upstream: string) => Number(upstream.split(',').at(-1)?.trim().split(':').at(-1) ?? 0);

type Buyer = { userId: string; username: string; token: string; addressId: string };
type Line = { itemId: string; quantity: number };
type Outcome = { kind: 'checkout' | 'bill' | 'apply'; status: number; code?: string; upstream: string; at: number };
type Unknown = { token: string; key: string; body: unknown };

let database: FreshDatabase;
let proxy: Proxy | undefined;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let ports: number[] = [];
let ownerToken: string;
let buyers: Buyer[] = [];
let scarceItems: string[] = [];
let plentyItems: string[] = [];
let quarter: { quarter: string; from: string };

const serverEnv = { TRUST_PROXY };

let missing: string | undefined;
/** Without nginx every test fails with how to install it (never skipped, never passing without a proxy). */
const needNginx = () => {
  if (missing) throw new Error(missing);
};

beforeAll(async () => {
  missing = nginxMissing();
  if (missing) return;
  database = await createFreshDatabase();
  dataDirs.push(scratchFolder(), scratchFolder());
  servers.push(...(await Promise.all(dataDirs.map((dataDir) => startServerOn(database.url, dataDir, { env: serverEnv })))));
  ports = servers.map((server) => Number(new URL(server.baseUrl).port));
  proxy = await startNginx(ports);

  // Seeded through the first server's own port, before the burst.
  const seeder = servers[0]!.baseUrl;
  ownerToken = await signIn(seeder);
  const rows = customerRows('scale', BUYERS);
  const added = await call(seeder, ownerToken, 'POST', '/api/admin/add-customers', { users: rows });
  expect(added.status).toBe(201);
  const addedUsers = added.body as { _id: string; username: string }[];
  const review = await call(seeder, ownerToken, 'GET', '/api/superadmin/tier-review');
  expect(review.status).toBe(200);
  quarter = review.body as { quarter: string; from: string };

  buyers = await Promise.all(
    rows.map(async (row, index) => {
      const userId = addedUsers.find((user) => user.username === row.username)!._id;
      const adjustment = await call(seeder, ownerToken, 'POST', `/api/superadmin/users/${userId}/points-adjustment`, {
        points: BUYER_POINTS,
        reason: 'points to spend in the scale-out test',
      });
      expect(adjustment.status).toBe(201);
      if (index < PROMOTED) {
        const bill = await call(seeder, ownerToken, 'POST', '/api/bill', {
          userId,
          billNumber: `Q-${quarter.quarter}-${index}`,
          billDate: quarter.from,
          billAmount: QUARTER_BILLING,
        });
        expect(bill.status).toBe(201);
      }
      const token = await signIn(seeder, { username: row.username, password: row.password });
      // A customer created by staff chooses their own password before anything else (contract "Users").
      const ownPassword = await call(seeder, token, 'POST', '/api/user/change-password', { newPassword: `${row.password}-own` });
      expect(ownPassword.status).toBe(200);
      const address = await call(seeder, token, 'POST', '/api/user/addresses', {
        addressLine1: `${index + 1} Station Road`,
        city: 'Jaipur',
        pinCode: '302001',
        default: true,
      });
      expect(address.status).toBe(201);
      return { userId, username: row.username, token, addressId: (address.body as { _id: string })._id };
    }),
  );

  // Items straight into the database: the burst needs no pictures, and the item form is the picture test's.
  const items = await database.query<{ id: string; stock: number }>(
    `insert into items (name, description, points_required, discount, stock)
     select 'Scale item ' || i, '<p>Scale</p>', $1::bigint, $2::bigint, case when i <= 2 then $3::int else $4::int end
     from generate_series(1, 6) as i returning id, stock`,
    [ITEM_PRICE.pointsRequired * 100, ITEM_PRICE.discount * 100, SCARCE_STOCK, PLENTY_STOCK],
  );
  scarceItems = items.filter((item) => item.stock === SCARCE_STOCK).map((item) => item.id);
  plentyItems = items.filter((item) => item.stock === PLENTY_STOCK).map((item) => item.id);
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

describe('two servers behind nginx on one PostgreSQL database', () => {
  it('when checkouts, bills and the tier review run through nginx while one server is killed and restarted, then the database holds exactly what was answered', async () => {
    needNginx();
    const nginx = proxy!.baseUrl;
    const outcomes: Outcome[] = [];
    /** Order id → the lines the customer asked for, for every checkout answered 201. */
    const placedOrders = new Map<string, Line[]>();
    const enteredBills = new Set<string>();
    const unknownCheckouts: Unknown[] = [];
    const unknownBills: Unknown[] = [];
    let running = true;
    const record = (kind: Outcome['kind'], answer: Answer) =>
      outcomes.push({
        kind,
        status: answer.status,
        code: (answer.body as { code?: string } | undefined)?.code,
        upstream: answer.upstream,
        at: Date.now(),
      });

    const checkoutLoop = async (buyer: Buyer, offset: number) => {
      for (let turn = offset; running; turn += 1) {
        // Every third order asks for a scarce item, so stock runs out under concurrent checkouts.
        const pool = turn % 3 === 0 ? scarceItems : plentyItems;
        const items = [{ itemId: pool[turn % pool.length]!, quantity: 1 + (turn % 2) }];
        const body = { addressId: buyer.addressId, items };
        const key = randomUUID();
        const answer = await send(
          `${nginx}/api/user/cart/checkout`,
          'POST',
          { Authorization: `Bearer ${buyer.token}`, 'Idempotency-Key': key },
          body,
        );
        record('checkout', answer);
        if (answer.status === 201) placedOrders.set((answer.body as { order: { _id: string } }).order._id, items);
        if (answer.status === 502 || answer.status === 0) unknownCheckouts.push({ token: buyer.token, key, body });
      }
    };
    const billLoop = async (clerk: number) => {
      for (let turn = 0; running; turn += 1) {
        const buyer = buyers[(clerk + turn * BILL_CLERKS) % buyers.length]!;
        const body = { userId: buyer.userId, billNumber: `S-${clerk}-${turn}`, billAmount: 1000 + turn };
        const key = randomUUID();
        const answer = await send(
          `${nginx}/api/bill`,
          'POST',
          { Authorization: `Bearer ${ownerToken}`, 'Idempotency-Key': key },
          body,
        );
        record('bill', answer);
        if (answer.status === 201) enteredBills.add((answer.body as { _id: string })._id);
        if (answer.status === 502 || answer.status === 0) unknownBills.push({ token: ownerToken, key, body });
      }
    };
    const waitFor = async (what: string, done: () => boolean, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
        await sleep(50);
      }
    };

    const startedAt = Date.now();
    const loops = [
      ...buyers.map((buyer, index) => checkoutLoop(buyer, index)),
      ...Array.from({ length: BILL_CLERKS }, (_unused, clerk) => billLoop(clerk)),
    ];

    // The tier review applied several times at once, from both servers, while checkouts and bills run.
    await waitFor('the first checkouts', () => placedOrders.size >= 20);
    const applies = Promise.all(
      Array.from({ length: APPLY_ATTEMPTS }, () =>
        send(
          `${nginx}/api/superadmin/tier-review/apply`,
          'POST',
          { Authorization: `Bearer ${ownerToken}` },
          {
            quarter: quarter.quarter,
          },
        ).then((answer) => {
          record('apply', answer);
          return answer;
        }),
      ),
    );

    await waitFor(`${KILL_AFTER_ORDERS} checkouts`, () => placedOrders.size >= KILL_AFTER_ORDERS);
    const killed = servers[0]!;
    const inFlightAtKill = outcomes.length;
    killed.child.kill('SIGKILL');
    await killed.exited;
    const killedAt = Date.now();
    servers[0] = await startServerOn(database.url, dataDirs[0], { env: serverEnv, port: ports[0] });
    const restartedAt = Date.now();
    const servedAfterRestart = () =>
      outcomes.filter((outcome) => outcome.at > restartedAt && answeredBy(outcome.upstream) === ports[0]).length;
    await waitFor('answers from the restarted server', () => servedAfterRestart() >= AFTER_RESTART_ANSWERS);
    running = false;
    await Promise.all(loops);
    const applyAnswers = await applies;
    const burstSeconds = (Date.now() - startedAt) / 1000;

    // Unknown outcomes: sent again with the same key, as a client does. A request the killed server had
    // committed is answered from its stored answer; one it had not is done now (or refused, stock gone).
    const committedKeys = new Set(
      (
        await database.query<{ key: string }>('select key from idempotency_keys where key = any($1)', [
          [...unknownCheckouts, ...unknownBills].map((unknown) => unknown.key),
        ])
      ).map((row) => row.key),
    );
    const replays: Record<string, number> = {};
    for (const unknown of unknownCheckouts) {
      const answer = await send(
        `${nginx}/api/user/cart/checkout`,
        'POST',
        { Authorization: `Bearer ${unknown.token}`, 'Idempotency-Key': unknown.key },
        unknown.body,
      );
      replays[`checkout ${answer.status}`] = (replays[`checkout ${answer.status}`] ?? 0) + 1;
      if (committedKeys.has(unknown.key)) expect(answer.status).toBe(201);
      else expect([201, 409]).toContain(answer.status);
      if (answer.status === 201)
        placedOrders.set((answer.body as { order: { _id: string } }).order._id, (unknown.body as { items: Line[] }).items);
    }
    for (const unknown of unknownBills) {
      const answer = await send(
        `${nginx}/api/bill`,
        'POST',
        { Authorization: `Bearer ${unknown.token}`, 'Idempotency-Key': unknown.key },
        unknown.body,
      );
      replays[`bill ${answer.status}`] = (replays[`bill ${answer.status}`] ?? 0) + 1;
      expect(answer.status).toBe(201);
      enteredBills.add((answer.body as { _id: string })._id);
    }

    const count = (kind: Outcome['kind']) =>
      outcomes
        .filter((outcome) => outcome.kind === kind)
        .reduce<Record<string, number>>((counts, outcome) => {
          const key = `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
          counts[key] = (counts[key] ?? 0) + 1;
          return counts;
        }, {});
    const passedOn = outcomes.filter((outcome) => outcome.upstream.includes(',')).length;

    // Invariants, read from the database.
    const [invariants] = await database.query<Record<string, string>>(`
      select
        (select count(*) from orders) as orders,
        (select count(*) from bills where bill_number like 'S-%') as "burstBills",
        (select count(*) from users u
          left join (select user_id, sum(available_delta) as available,
                            sum(total_delta) filter (where reason in ('bill_entered', 'bill_edited', 'bill_deleted')) as total
                     from points_ledger group by user_id) s on s.user_id = u.id
          where u.available_points <> coalesce(s.available, 0) or u.total_points <> coalesce(s.total, 0)) as "balancesOffLedger",
        (select count(*) from points_ledger where total_delta <> 0
          and reason not in ('bill_entered', 'bill_edited', 'bill_deleted')) as "totalMovedOutsideBills",
        (select count(*) from orders o where not exists (select 1 from points_ledger l
          where l.order_id = o.id and l.reason = 'order_placed' and l.available_delta = -o.total_points)) as "ordersWithoutEntry",
        (select count(*) from items where stock < 0) as "negativeStock",
        (select count(*) from items i where i.name like 'Scale item %' and i.stock + coalesce((select sum(quantity) from order_lines l where l.item_id = i.id), 0)
          not in (${SCARCE_STOCK}, ${PLENTY_STOCK})) as "stockNotOrdered"`);
    const figures = Object.fromEntries(Object.entries(invariants!).map(([name, value]) => [name, Number(value)]));

    const orderIds = [...placedOrders.keys()];
    const storedLines = await database.query<{ order_id: string; item_id: string; quantity: number }>(
      'select order_id, item_id, quantity from order_lines where order_id = any($1::uuid[])',
      [orderIds],
    );
    const storedOrders = new Map<string, Line[]>();
    for (const line of storedLines)
      storedOrders.set(line.order_id, [
        ...(storedOrders.get(line.order_id) ?? []),
        { itemId: line.item_id, quantity: line.quantity },
      ]);
    const answeredButNotStored = orderIds.filter(
      (orderId) => JSON.stringify(storedOrders.get(orderId)) !== JSON.stringify(placedOrders.get(orderId)),
    );

    const reviews = await database.query<{ quarter: string; changed: number }>('select quarter, changed from tier_reviews');
    const reviewChanges = await database.query<{ user_id: string; changes: string; to_tier: string }>(
      `select user_id, count(*) as changes, max(to_tier) as to_tier from tier_changes
       where reason = 'quarterly_review' and quarter = $1 group by user_id`,
      [quarter.quarter],
    );
    const applyAgain = await send(
      `${nginx}/api/superadmin/tier-review/apply`,
      'POST',
      { Authorization: `Bearer ${ownerToken}` },
      {
        quarter: quarter.quarter,
      },
    );

    console.log(
      'scale-out behind nginx:',
      JSON.stringify({
        burstSeconds,
        checkouts: count('checkout'),
        bills: count('bill'),
        tierReviewApply: count('apply'),
        requestsBeforeKill: inFlightAtKill,
        restartSeconds: (restartedAt - killedAt) / 1000,
        passedOnByNginx: passedOn,
        unknownOutcomes: {
          checkouts: unknownCheckouts.length,
          bills: unknownBills.length,
          committedBeforeKill: committedKeys.size,
        },
        replays,
        ordersPlaced: placedOrders.size,
        billsEntered: enteredBills.size,
        invariants: { ...figures, answeredButNotStored: answeredButNotStored.length, ordersChecked: orderIds.length },
        tierReview: { rows: reviews, customersChanged: reviewChanges.length },
      }),
    );

    // Both servers served the burst, and the restarted one served again.
    expect(new Set(outcomes.map((outcome) => answeredBy(outcome.upstream)))).toEqual(new Set(ports));
    // Nothing but the answers the contract allows; no 500, no dropped connection to nginx.
    const allowed = { checkout: [201, 409, 502], bill: [201, 502], apply: [200, 409, 502] };
    expect(outcomes.filter((outcome) => !allowed[outcome.kind].includes(outcome.status))).toEqual([]);
    expect(
      outcomes.filter((outcome) => outcome.status === 409 && outcome.kind === 'checkout' && outcome.code !== 'OUT_OF_STOCK'),
    ).toEqual([]);
    // A killed server's requests are the only unknowns; the rest of the burst went on through the other.
    expect(outcomes.filter((outcome) => outcome.status === 502 && outcome.at < killedAt - 1_000)).toEqual([]);

    // Every answered write is in the database exactly once, and nothing else is.
    expect(answeredButNotStored).toEqual([]);
    expect(figures.orders).toBe(placedOrders.size);
    expect(figures.burstBills).toBe(enteredBills.size);
    expect(figures).toMatchObject({
      balancesOffLedger: 0,
      totalMovedOutsideBills: 0,
      ordersWithoutEntry: 0,
      negativeStock: 0,
      stockNotOrdered: 0,
    });
    // The scarce items sold out: concurrent checkouts met an empty shelf and were refused, not oversold.
    expect(count('checkout')['409 OUT_OF_STOCK']).toBeGreaterThan(0);

    // The tier review applied once: one 200 (unless its answer was lost with the killed server), the rest 409.
    const applied = applyAnswers.filter((answer) => answer.status === 200);
    const lost = applyAnswers.filter((answer) => answer.status === 502);
    expect(applied.length + lost.length).toBeGreaterThanOrEqual(1);
    expect(applied.length).toBeLessThanOrEqual(1);
    expect(applyAnswers.filter((answer) => answer.status === 409)).toHaveLength(APPLY_ATTEMPTS - applied.length - lost.length);
    expect(reviews).toEqual([{ quarter: quarter.quarter, changed: PROMOTED }]);
    for (const answer of applied) expect(answer.body).toEqual({ quarter: quarter.quarter, changed: PROMOTED });
    expect(reviewChanges).toHaveLength(PROMOTED);
    expect(reviewChanges.filter((change) => Number(change.changes) !== 1 || change.to_tier !== 'Basic')).toEqual([]);
    expect(applyAgain.status).toBe(409);

    // The server that kept running, and the restarted one, logged no error through it all.
    for (const server of servers) expect(server.output()).not.toMatch(/"level":(50|60)/);
  });

  it('when a picture is uploaded to one server, then the other server serves the same bytes', async () => {
    needNginx();
    const [first, second] = servers;
    const picture = await pictureOf('png', { width: 120, height: 90 });
    const form = new FormData();
    form.set('name', 'Scale-out kettle');
    form.set('description', '<p>Stored once, served by every server</p>');
    form.set('pointsRequired', '250');
    form.set('discount', '0');
    form.set('stock', '5');
    form.set('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'kettle.png');
    const created = await fetch(`${first!.baseUrl}/api/item`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ownerToken}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const image = ((await created.json()) as { images: string[] }).images[0];
    expect(image).toMatch(/^uploads\//);

    const fromFirst = await fetch(`${first!.baseUrl}/${image}`);
    expect(fromFirst.status).toBe(200);
    const fromSecond = await fetch(`${second!.baseUrl}/${image}`);
    console.log(`picture ${image}: ${fromFirst.status} from the server that stored it, ${fromSecond.status} from the other`);
    expect(fromSecond.status).toBe(200);
    expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(Buffer.from(await fromFirst.arrayBuffer()));
  });

  it('when wrong passwords for one username come from one address through nginx to both servers, then the 6th or 7th answers 429, counted for that address only', async () => {
    needNginx();
    const nginx = proxy!.baseUrl;
    const username = buyers[BUYERS - 1]!.username;
    const attempts: (Answer & { retryAfter?: string })[] = [];
    while (attempts.length < 7 && attempts.at(-1)?.status !== 429) {
      attempts.push(await postFrom('127.0.0.2', `${nginx}/api/auth/login`, { username, password: `wrong-${attempts.length}` }));
    }
    // Another client address, through the same nginx: its own count, so the X-Forwarded-For nginx sets is believed.
    const elsewhere = await postFrom('127.0.0.3', `${nginx}/api/auth/login`, { username, password: 'wrong-elsewhere' });
    const failures = await database.query<{ address: string; failures: string }>(
      'select address, count(*) as failures from login_failures where username_key = $1 group by address order by address',
      [username],
    );
    console.log(
      'sign-in limit across both servers:',
      JSON.stringify({
        attempts: attempts.map((attempt) => `${attempt.status} via ${answeredBy(attempt.upstream)}`),
        elsewhere: elsewhere.status,
        failures,
      }),
    );

    expect(attempts.slice(0, 5).map((attempt) => attempt.status)).toEqual([401, 401, 401, 401, 401]);
    expect(attempts.at(-1)?.status).toBe(429);
    expect(attempts.length).toBeLessThanOrEqual(7);
    expect(Number(attempts.at(-1)?.retryAfter)).toBeGreaterThan(0);
    expect(new Set(attempts.map((attempt) => answeredBy(attempt.upstream)))).toEqual(new Set(ports));
    expect(elsewhere.status).toBe(401);
    expect(failures.map((row) => row.address)).toEqual(['127.0.0.2', '127.0.0.3']);
  });
});
