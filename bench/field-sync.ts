/**
 * The technician's phone syncing a day (issue 44), `BENCH_ONLY=field-sync npm run bench`:
 * `BENCH_FIELD_TECHNICIANS` (1,000) technicians each with a day of eight visits under one checklist.
 *
 * **Push**: a technician's day as the phone sends it — for each visit on the way, arrived, started,
 * one answers post, three photos through the tus routes (creation, one PATCH each) and done, every
 * action with its clientActionId — through the whole app (`app.inject`), against the very writes
 * those actions make (visit_actions, visits, visit_answers, visit_files, activity, the customer's
 * messages and their claims) written out by hand and sent through the same driver, one transaction
 * per action as the app takes them — asked of a bare Fastify server as the phone asks the app (the
 * goal's baseline: an action is a request and its answer whatever server takes it), and beside it
 * run alone (printed). Before timing, one technician's day is pushed by the app, its rows read, the
 * day put back, pushed again through the bare server with the same action ids, and read again: both
 * must have written the same rows.
 * **Pull**: `GET /api/visit/mine` for a technician's day (after their push, so answers, files and
 * actions are in it) against the working set's statements written out by hand.
 * Each side works a different technician in every round (an action applies once), in interleaved
 * rounds (`timedRounds`) over `BENCH_FIELD_SAMPLE` (20) technicians a side; BENCH_FIELD_TECHNICIANS=3001
 * BENCH_FIELD_SAMPLE=1000 pushes and pulls a thousand days on each side.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium } from 'playwright-core';
import type { Database } from '../apps/api/src/db/client';
import { publicOrigin } from '../apps/api/src/http/public-origin';
import {
  type Bare,
  bareWrites,
  type DayMessages,
  type DayPlan,
  type PhoneRequest,
  pushDay,
  registerBareSync,
  STEPS,
} from './field-sync-bare';
import {
  DAY_ANSWERS,
  PHOTOS_A_VISIT,
  type SeededTechnician,
  seedFieldDay,
  TECHNICIAN_PASSWORD,
  technicianPhone,
  VISITS_A_DAY,
} from './field-sync-seed';
import { type BenchResult, benchApp, minMedianMax, timedRounds } from './harness';
import { median } from './measure';
import { CHROMIUM, CHROMIUM_FLAGS } from './served-checkouts';
import { freshDatabase, removeData } from './servers';

const TECHNICIANS = Number(process.env.BENCH_FIELD_TECHNICIANS ?? 1000);
const SAMPLE = Number(process.env.BENCH_FIELD_SAMPLE ?? 20);
const GOAL = 1.5;

type Row = Record<string, unknown>;
const n = (x: number) => x.toLocaleString('en');

/** Three photos as a phone leaves them after compressing: 1280×960 JPEGs of 50–150 KB, made once. */
export async function phonePhotos(): Promise<Buffer[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    // A string, not a function: the bench's TypeScript loader would name helpers the page lacks.
    const urls = (await page.evaluate(`(() => {
      const out = [];
      for (let k = 0; k < ${PHOTOS_A_VISIT}; k++) {
        const canvas = document.createElement('canvas');
        canvas.width = 1280;
        canvas.height = 960;
        const g = canvas.getContext('2d');
        const sky = g.createLinearGradient(0, 0, 0, 960);
        sky.addColorStop(0, 'hsl(' + (200 + k * 20) + ', 40%, 70%)');
        sky.addColorStop(1, 'hsl(' + (30 + k * 10) + ', 20%, 40%)');
        g.fillStyle = sky;
        g.fillRect(0, 0, 1280, 960);
        // A unit's grille and some grain, as a photo has: detail the JPEG must keep.
        let seed = 7 + k;
        const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
        for (let i = 0; i < 2500; i++) {
          g.fillStyle = 'hsla(' + Math.floor(rand() * 360) + ', 25%, ' + Math.floor(30 + rand() * 50) + '%, 0.5)';
          g.fillRect(rand() * 1280, rand() * 960, 2 + rand() * 30, 2 + rand() * 30);
        }
        for (let y = 200; y < 700; y += 14) {
          g.fillStyle = '#ddd';
          g.fillRect(300, y, 680, 6);
        }
        out.push(canvas.toDataURL('image/jpeg', 0.6));
      }
      return out;
    })()`)) as string[];
    return urls.map((u) => Buffer.from(u.slice(u.indexOf(',') + 1), 'base64'));
  } finally {
    await browser.close();
  }
}

export function planDay(tech: SeededTechnician, token: string): DayPlan {
  // Every action in the past: the server takes a device time no later than its own.
  const start = Date.now() - 11 * 3_600_000;
  return {
    tech,
    token,
    visits: tech.visits.map((v, k) => {
      const at = (minute: number) => new Date(start + (k * 75 + minute) * 60_000);
      return {
        _id: v._id,
        steps: STEPS.map((status, s) => ({
          status,
          clientActionId: randomUUID(),
          at: at([0, 20, 22, 70][s]),
        })),
        answers: { clientActionId: randomUUID(), at: at(60) },
        photos: Array.from({ length: PHOTOS_A_VISIT }, (_, p) => ({
          clientActionId: randomUUID(),
          name: `IMG_${1000 + k * 10 + p}.jpg`,
        })),
      };
    }),
  };
}

export async function fieldSyncBenches(): Promise<BenchResult[]> {
  const seeded = await freshDatabase('idara-bench-field');
  const { database } = seeded;
  const { app, token: adminToken } = await benchApp(database);
  try {
    const started = performance.now();
    const { technicians } = await seedFieldDay(database, app, adminToken, TECHNICIANS);
    console.log(
      `field-sync bench (${database.kind}): ${n(technicians.length)} technicians, ${n(technicians.length * VISITS_A_DAY)} visits today seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const photos = await phonePhotos();
    console.log(`  photos: ${photos.map((p) => `${(p.length / 1024).toFixed(0)} KB`).join(', ')}`);
    const signIn = async (i: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { phoneNumber: technicianPhone(i), password: TECHNICIAN_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in ${i}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    };
    // Technicians spread over the whole thousand; three a round (one a side), plus the checked one.
    const picked = Array.from({ length: 3 * SAMPLE + 1 }, (_, k) =>
      Math.floor((k * technicians.length) / (3 * SAMPLE + 1)),
    );
    const plans: DayPlan[] = [];
    for (const i of picked) plans.push(planDay(technicians[i], await signIn(i)));
    // What app.inject gives as the caller's address and agent; the bare writes log the same.
    const bare = bareWrites(database, {
      channel: app.whatsapp.channel,
      origin: publicOrigin(app.config),
      ip: '127.0.0.1',
      agent: 'lightMyRequest',
    });
    const stack = stackCalls(app, photos);

    // The same rows from both sides, on one technician's day.
    const checked = plans.shift()!;
    const bareServer = await bareActionServer(bare);
    const rows = await sameRowsFromBoth(
      database,
      checked,
      () => stack.push(checked),
      async () => bareServer.push(checked, await bare.prepare(checked), photos),
    );
    console.log(`  push: the app and the bare writes wrote the same ${rows} rows`);

    // A third of the days each: the app, the bare server, the bare writes alone.
    const stackPlans = plans.filter((_, i) => i % 3 === 0);
    const routePlans = plans.filter((_, i) => i % 3 === 1);
    const driverPlans = plans.filter((_, i) => i % 3 === 2);
    const prepared = new Map<DayPlan, Awaited<ReturnType<typeof bare.prepare>>>();
    for (const p of [...routePlans, ...driverPlans]) prepared.set(p, await bare.prepare(p));
    let s = 0;
    let r = 0;
    let d = 0;
    const actionsADay = VISITS_A_DAY * (STEPS.length + 1 + 2 * PHOTOS_A_VISIT);
    const rounds = Math.min(stackPlans.length, routePlans.length, driverPlans.length) - 1;
    const [pushApp, pushBare, pushDriver] = await timedRounds(rounds, [
      () => stack.push(stackPlans[s++]),
      () => bareServer.push(routePlans[r], prepared.get(routePlans[r++])!, photos),
      () => pushByDriver(bare, driverPlans[d], prepared.get(driverPlans[d++])!, photos),
    ]);

    // Pull: the working set of the pushed days, each side reading the days in turn.
    const pulled = [...stackPlans, ...routePlans, ...driverPlans];
    const answerOf = (plan: DayPlan) => bareServer.mine(plan);
    // The app and the bare route must answer the same working set (all but the server's clock).
    for (const plan of [pulled[0], pulled.at(-1)!]) {
      const { serverTime: _a, ...byApp } = (await stack.pull(plan)).json();
      const { serverTime: _b, ...byBare } = (await answerOf(plan)).json();
      if (byApp.visits.length !== VISITS_A_DAY || !isDeepStrictEqual(byApp, byBare)) {
        const at = byApp.visits.findIndex((v: unknown, i: number) => !isDeepStrictEqual(v, byBare.visits[i]));
        const keys = Object.keys(byApp.visits[at] ?? {}).filter(
          (k) => !isDeepStrictEqual(byApp.visits[at][k], byBare.visits[at]?.[k]),
        );
        throw new Error(
          `field-sync pull: the bare route answers differently (visit ${at}: ${keys.join(', ')})\n${keys.map((k) => `${JSON.stringify(byApp.visits[at][k]).slice(0, 600)}\n${JSON.stringify(byBare.visits[at]?.[k]).slice(0, 600)}`).join('\n')}`,
        );
      }
    }
    let ps = 0;
    let pa = 0;
    let pb = 0;
    const [pullApp, pullAnswer, pullBare] = await timedRounds(pulled.length, [
      () => stack.pull(pulled[ps++ % pulled.length]),
      () => answerOf(pulled[pa++ % pulled.length]),
      () => bare.pull(pulled[pb++ % pulled.length].tech._id),
    ]);
    await bareServer.close();
    if (process.env.BENCH_FIELD_ROUTES)
      for (const [route, ms] of routeMs)
        console.log(`  ${route}: median ${median(ms).toFixed(1)} ms of ${ms.length}`);
    const kind = database.kind;
    const load = `load ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`;
    const ratio = (a: number[], b: number[]) => median(a) / median(b);
    // Said before the app and the database close: a long run's figures are kept if closing fails.
    console.log(
      `  push ${ratio(pushApp, pushBare).toFixed(2)} (writes alone ${ratio(pushApp, pushDriver).toFixed(2)}), pull ${ratio(pullApp, pullAnswer).toFixed(2)} (driver alone ${ratio(pullApp, pullBare).toFixed(2)}); ${load}`,
    );
    return [
      {
        name: `field sync, push: a technician's day (${VISITS_A_DAY} visits × 4 steps, 1 answers post, ${PHOTOS_A_VISIT} tus photos = ${actionsADay} requests), ${rounds} technicians a side of ${n(technicians.length)}, rounds min/median/max; against the writes alone ${minMedianMax(pushDriver)}, ${ratio(pushApp, pushDriver).toFixed(2)}; ${load} (${kind})`,
        measured: minMedianMax(pushApp),
        baseline: `${minMedianMax(pushBare)} (the same rows written by hand, one transaction per action, same driver, asked of a bare Fastify server)`,
        ratio: ratio(pushApp, pushBare),
        goal: `≤ ${GOAL.toFixed(2)}`,
        met: ratio(pushApp, pushBare) <= GOAL,
      },
      {
        name: `field sync, pull: GET /api/visit/mine, a day of ${VISITS_A_DAY} visits with answers, photos and actions, ${pulled.length} technicians of ${n(technicians.length)}, ${pulled.length} rounds min/median/max; against the driver alone ${minMedianMax(pullBare)}, ${ratio(pullApp, pullBare).toFixed(2)}; ${load} (${kind})`,
        measured: minMedianMax(pullApp),
        baseline: `${minMedianMax(pullAnswer)} (the working set's statements written out, same driver, answered by a bare Fastify route)`,
        ratio: ratio(pullApp, pullAnswer),
        goal: `≤ ${GOAL.toFixed(2)}`,
        met: ratio(pullApp, pullAnswer) <= GOAL,
      },
    ];
  } finally {
    await app.close();
    await database.close();
    removeData(seeded);
  }
}

/** Each route's times in the push, the app's and the bare server's (BENCH_FIELD_ROUTES=1 prints their medians). */
const routeMs = new Map<string, number[]>();

/** Records a request's time under its route, ids blanked (BENCH_FIELD_ROUTES=1 prints the medians). */
function timedRoute(route: string, start: number) {
  const key = route.replace(/[0-9a-f-]{36}/g, ':id');
  routeMs.set(key, [...(routeMs.get(key) ?? []), performance.now() - start]);
}

/** Sends a phone request to an in-process server; fails on any answer but a success. */
const injectSend = (server: InjectTarget, prefix: string) => async (r: PhoneRequest) => {
  const start = performance.now();
  const res = await server.inject({ method: r.method, url: r.url, headers: r.headers, payload: r.body });
  if (res.statusCode >= 300) throw new Error(`${prefix}${r.method} ${r.url}: ${res.statusCode} ${res.body}`);
  timedRoute(`${prefix}${r.method} ${r.url}`, start);
  return { location: res.headers.location as string | undefined };
};
type InjectTarget = Pick<FastifyInstance, 'inject'>;

/** The phone's requests, through the whole app. */
function stackCalls(app: Awaited<ReturnType<typeof benchApp>>['app'], photos: Buffer[]) {
  const send = injectSend(app, '');
  return {
    push: (plan: DayPlan) => pushDay(plan, photos, { app: plan.token }, send),
    async pull(plan: DayPlan) {
      const start = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: '/api/visit/mine',
        headers: { authorization: `Bearer ${plan.token}` },
      });
      if (res.statusCode >= 300) throw new Error(`GET /api/visit/mine: ${res.statusCode} ${res.body}`);
      timedRoute('GET /api/visit/mine', start);
      return res;
    },
  };
}

/** Everything a day's actions wrote, ids and times blanked, as text: the same from both sides. */
async function snapshotDay(database: Database, plan: DayPlan) {
  const ids = plan.visits.map((v) => v._id);
  const q = (text: string) => database.rawQuery(text, [ids]) as Promise<Row[]>;
  const tables = {
    visits: await q(
      `select id, status, version, done_at, done_by, notes from visits where id = any($1::uuid[]) order by id`,
    ),
    actions: await q(
      // An upload's time is the server's own (tus carries no device time).
      `select client_action_id, visit_id, kind, status, actor_id, case when kind = 'upload' then null else at end as at, location, note, answer_status, answer
       from visit_actions where visit_id = any($1::uuid[]) order by client_action_id`,
    ),
    answers: await q(
      `select visit_id, field, value, form_version, answered_by, at from visit_answers
       where visit_id = any($1::uuid[]) order by visit_id, field`,
    ),
    files: await q(
      `select visit_id, field, name, type, length, received, md5(data) as md5, completed_at is not null as whole, uploaded_by
       from visit_files where visit_id = any($1::uuid[]) order by visit_id, name`,
    ),
    activity: await q(
      `select actor_id, actor_name, action, entity, summary, changes, ip, user_agent from activity
       where (entity = 'visit' and entity_id = any($1::text[]))
          or (entity = 'message' and entity_id in (select message_id::text from notice_sends where subject = any($1::text[])))
       order by entity, summary, changes::text`,
    ),
    messages: await q(
      `select n.kind, n.subject, m.customer_id, m.phone, m.direction, m.kind as "messageKind", m.body, m.template,
              m.template_params, m.channel, m.purpose, m.status
       from notice_sends n join messages m on m.id = n.message_id where n.subject = any($1::text[])
       order by n.subject, n.kind`,
    ),
  };
  const keep = new Set([
    ...ids,
    plan.tech._id,
    ...plan.visits.flatMap((v) => [
      ...v.steps.map((s) => s.clientActionId),
      v.answers.clientActionId,
      ...v.photos.map((p) => p.clientActionId),
    ]),
  ]);
  const text = Object.entries(tables)
    .flatMap(([name, rows]) => rows.map((r) => `${name} ${JSON.stringify(r)}`))
    .join('\n')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) =>
      keep.has(id) ? id : 'ID',
    )
    .replace(/"updatedAt":"[^"]+"|"receivedAt":"[^"]+"/g, (m) => `${m.split(':')[0]}:T`);
  const rows = Object.values(tables).reduce((sum, r) => sum + r.length, 0);
  return { text, rows, tables };
}

/**
 * One technician's day pushed through the app, its rows read, the day put back, pushed through the
 * bare writes and read again: the number of rows both wrote, or an error at the first that differs.
 */
export async function sameRowsFromBoth(
  database: Database,
  plan: DayPlan,
  pushByApp: () => Promise<unknown>,
  pushByBare: () => Promise<unknown>,
) {
  const before = await snapshotDay(database, plan);
  await pushByApp();
  const byApp = await snapshotDay(database, plan);
  await resetDay(database, plan, before);
  await pushByBare();
  const byBare = await snapshotDay(database, plan);
  if (byApp.text !== byBare.text) {
    const a = byApp.text.split('\n');
    const b = byBare.text.split('\n');
    const at = a.findIndex((line, i) => line !== b[i]);
    throw new Error(`the bare writes differ from the app's at line ${at}\napp:  ${a[at]}\nbare: ${b[at]}`);
  }
  return byApp.rows;
}

/** Puts a day back as seeded: the rows its actions wrote removed, its visits planned again. */
async function resetDay(database: Database, plan: DayPlan, before: Awaited<ReturnType<typeof snapshotDay>>) {
  const ids = plan.visits.map((v) => v._id);
  await database.db.transaction(async (tx) => {
    const run = (text: string) =>
      tx.execute(sql.raw(text.replaceAll('$ids', `array[${ids.map((i) => `'${i}'`).join(',')}]`)));
    await run(`delete from activity where (entity = 'visit' and entity_id = any($ids))
      or (entity = 'message' and entity_id in (select message_id::text from notice_sends where subject = any($ids)))`);
    await run(
      `delete from messages where id in (select message_id from notice_sends where subject = any($ids))`,
    );
    await run(`delete from notice_sends where subject = any($ids)`);
    await run(`delete from visit_actions where visit_id = any($ids::uuid[])`);
    for (const v of before.tables.visits)
      await tx.execute(
        sql`update visits set status = ${v.status}, version = ${v.version}, done_at = null, done_by = null where id = ${v.id}`,
      );
  });
}

/** A technician's day written by the bare writes alone, in the phone's order (the driver alone). */
async function pushByDriver(bare: Bare, plan: DayPlan, messages: DayMessages, photos: Buffer[]) {
  for (const v of plan.visits) {
    for (const s of v.steps.slice(0, 3)) await bare.step(plan.tech, v._id, s, messages);
    await bare.answers(plan.tech, v._id, { ...v.answers, answers: DAY_ANSWERS });
    for (const [p, photo] of v.photos.entries()) {
      const file = await bare.createUpload(plan.tech, v._id, photo, photos[p].length);
      await bare.chunk(plan.tech, v._id, file, photos[p]);
    }
    await bare.step(plan.tech, v._id, v.steps[3], messages);
  }
}

/** The bare writes behind a bare Fastify server (field-sync-bare.ts), asked in process as the app is. */
async function bareActionServer(bare: Bare) {
  const server = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
  const days = registerBareSync(server, bare);
  await server.ready();
  const send = injectSend(server, 'bare ');
  return {
    close: () => server.close(),
    /** The working set of a technician's day from the written-out statements. */
    mine: (plan: DayPlan) => server.inject({ method: 'GET', url: `/bare/mine/${plan.tech._id}` }),
    /** A technician's day asked of the bare server, in the phone's order. */
    async push(plan: DayPlan, messages: DayMessages, photos: Buffer[]) {
      days.set(plan.tech._id, { tech: plan.tech, messages });
      await pushDay(plan, photos, { bare: true }, send);
      days.delete(plan.tech._id);
    },
  };
}
