/**
 * Issue 45 item 4, the phone's half: a technician's sync push and pull in instructions, each against
 * the bare SQL it runs (`BENCH_INSTR_ONLY=sync`, PostgreSQL). The same work as bench/field-sync.ts
 * (issue 44's CPU-time figures), with each side a server process of its own under callgrind:
 *
 * - **push**: one technician's day as the phone sends it (8 visits × 4 steps, an answers post and
 *   3 photos through tus: 88 requests), every request with its own action id, so each unit is a
 *   day no side has pushed; asked of the app, and of the minimal server's routes writing the same
 *   rows by hand through the app's own driver (bench/field-sync-bare.ts). N is days
 *   (BENCH_INSTR_DAYS, 2) after BENCH_INSTR_DAYS_WARMUP (6) days.
 * - **pull**: `GET /api/visit/mine` for a pushed day, against `/bare/mine/:tech` running the working
 *   set's statements written out; N and warm-up as the lists'.
 *
 * Before counting, one technician's day is pushed through the app, its rows read, the day put back,
 * pushed through the minimal server, and read again: both must write the same rows (as field-sync
 * checks in process); both pulls must answer the same working set.
 */
import { isDeepStrictEqual } from 'node:util';
import { openDatabase } from '../apps/api/src/db/client';
import { phonePhotos, planDay, sameRowsFromBoth } from './field-sync';
import { bareWrites, type DayMessages, type DayPlan, type PhoneRequest, pushDay } from './field-sync-bare';
import { seedFieldDay, TECHNICIAN_PASSWORD, technicianPhone, VISITS_A_DAY } from './field-sync-seed';
import { type BenchResult, benchApp } from './harness';
import { acceptEncoding, countCases, type InstructionCase, REPEATS, type Side } from './instructions';
import { freshDatabase, removeData, type ServerUnderTest } from './servers';

const envNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const DAYS = envNumber('BENCH_INSTR_DAYS') ?? 2;
const DAYS_WARMUP = envNumber('BENCH_INSTR_DAYS_WARMUP') ?? 6;
/** issue 44's goal for both (app ≤ 1.5 × the bare server), as minimal ÷ stack. */
const SYNC_GOAL = 1 / 1.5;
/** The agent both sides' activity rows log: the bench's own, sent with every request. */
const AGENT = 'idara-bench';
/** The links in the customers' messages: the same origin for the app and the written-out rows. */
const ORIGIN = 'http://localhost:3000';

/** A phone request over HTTP to a server under count; its `location` header answered. */
const fetchSend = (server: ServerUnderTest) => async (r: PhoneRequest) => {
  const res = await fetch(`http://127.0.0.1:${server.port}${r.url}`, {
    method: r.method,
    headers: { ...r.headers, 'user-agent': AGENT, ...acceptEncoding() },
    body: r.body.length ? r.body : undefined,
  });
  if (res.status >= 300) throw new Error(`${r.method} ${r.url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return { location: res.headers.get('location') ?? undefined };
};

export async function syncCases(dir: string, listN: number, listWarmUp: number): Promise<BenchResult[]> {
  const seeded = await freshDatabase('idara-bench-instructions-sync');
  try {
    const { database, url } = seeded;
    if (!url) {
      // The check that both sides write the same rows reads the database while both servers have it
      // open, which an embedded directory does not allow.
      console.log('instructions: the sync is counted on PostgreSQL only (BENCH_DATABASE_URL)');
      await database.close();
      return [];
    }
    // The app under count is started with the same PUBLIC_URL (servers.ts passes the environment on).
    process.env.PUBLIC_URL = ORIGIN;
    const perSide = DAYS_WARMUP + REPEATS * 3 * DAYS;
    const { app, token: adminToken } = await benchApp(database);
    const { technicians } = await seedFieldDay(database, app, adminToken, 1 + 2 * perSide);
    // Sessions signed in here, on the same database: the password hashing is not what is counted.
    const plans: DayPlan[] = [];
    for (const [i, tech] of technicians.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { phoneNumber: technicianPhone(i), password: TECHNICIAN_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in ${i}: ${res.statusCode} ${res.body}`);
      plans.push(planDay(tech, res.json().token));
    }
    const caller = {
      channel: app.whatsapp.channel,
      origin: ORIGIN,
      ip: '127.0.0.1',
      agent: AGENT,
    };
    await app.close();
    const bare = bareWrites(database, caller);
    const messages = new Map<DayPlan, DayMessages>();
    for (const p of plans) messages.set(p, await bare.prepare(p));
    const photos = await phonePhotos();
    const [checked, ...rest] = plans;
    const days: Record<Side, DayPlan[]> = {
      stack: rest.filter((_, i) => i % 2 === 0),
      bare: rest.filter((_, i) => i % 2 === 1),
    };
    const pushOf = (server: ServerUnderTest, side: Side, plan: DayPlan) =>
      pushDay(plan, photos, side === 'stack' ? { app: plan.token } : { bare: true }, fetchSend(server));
    const sendDay = (server: ServerUnderTest, plan: DayPlan) =>
      fetch(`http://127.0.0.1:${server.port}/bare/day`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tech: plan.tech, messages: [...messages.get(plan)!] }),
      }).then((res) => {
        if (res.status !== 200) throw new Error(`/bare/day: ${res.status}`);
      });

    const push: InstructionCase = {
      name: `sync push: a technician's day (${VISITS_A_DAY} visits × 4 steps, an answers post, 3 tus photos each)`,
      unit: { name: 'day', requests: VISITS_A_DAY * (4 + 1 + 2 * 3) },
      n: DAYS,
      warmUp: DAYS_WARMUP,
      goal: SYNC_GOAL,
      async before(servers) {
        for (const plan of [checked, ...days.bare]) await sendDay(servers.bare, plan);
        // The same rows from both sides, on one technician's day.
        const check = await openDatabase({ url });
        try {
          const rows = await sameRowsFromBoth(
            check,
            checked,
            () => pushOf(servers.stack, 'stack', checked),
            () => pushOf(servers.bare, 'bare', checked),
          );
          console.log(`  push: the app and the minimal server wrote the same ${rows} rows`);
        } finally {
          await check.close();
        }
      },
      async run(server, side, count) {
        for (let k = 0; k < count; k++) {
          const plan = days[side].shift();
          if (!plan) throw new Error(`sync push: no day left for ${side}`);
          await pushOf(server, side, plan);
        }
      },
    };

    const pullUrl: Record<Side, string> = {
      stack: '/api/visit/mine',
      bare: `/bare/mine/${checked.tech._id}`,
    };
    const pullOnce = async (server: ServerUnderTest, side: Side) => {
      const res = await fetch(`http://127.0.0.1:${server.port}${pullUrl[side]}`, {
        headers: {
          ...(side === 'stack' ? { authorization: `Bearer ${checked.token}` } : {}),
          'user-agent': AGENT,
          ...acceptEncoding(),
        },
      });
      if (res.status !== 200) throw new Error(`${pullUrl[side]}: ${res.status} ${await res.text()}`);
      return res;
    };
    const pull: InstructionCase = {
      name: `sync pull: GET /api/visit/mine, a pushed day of ${VISITS_A_DAY} visits with answers, photos and actions`,
      n: listN,
      warmUp: listWarmUp,
      goal: SYNC_GOAL,
      async before(servers) {
        type WorkingSet = { serverTime: string; visits: unknown[] };
        const answer = async (side: Side) =>
          (await (await pullOnce(servers[side], side)).json()) as WorkingSet;
        const { serverTime: _a, ...byApp } = await answer('stack');
        const { serverTime: _b, ...byBare } = await answer('bare');
        if (byApp.visits.length !== VISITS_A_DAY || !isDeepStrictEqual(byApp, byBare))
          throw new Error(
            `sync pull: the minimal server answers differently\n${JSON.stringify(byApp).slice(0, 600)}\n${JSON.stringify(byBare).slice(0, 600)}`,
          );
      },
      async run(server, side, count) {
        for (let k = 0; k < count; k++) await (await pullOnce(server, side)).arrayBuffer();
      },
    };
    return await countCases(seeded, [], [push, pull], dir, { sync: caller });
  } finally {
    removeData(seeded);
  }
}
