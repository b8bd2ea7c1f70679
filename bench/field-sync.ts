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
import { visitStatusLabels } from '@idara/domain';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import type { Database, Tx } from '../apps/api/src/db/client';
import { publicOrigin } from '../apps/api/src/http/public-origin';
import { ratingLink, ratingToken, visitReportLink } from '../apps/api/src/modules/visit-messages/links';
import { arrivalEstimate } from '../apps/api/src/modules/visit-messages/step-messages';
import { renderTemplate } from '../apps/api/src/modules/whatsapp/service';
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
const STEPS = ['on_the_way', 'arrived', 'started', 'done'] as const;
const LOCATION = { lat: 24.7136, lng: 46.6753, accuracy: 12 };
/** What `app.inject` gives as the caller's address and agent; the bare writes log the same. */
const IP = '127.0.0.1';
const AGENT = 'lightMyRequest';

type Row = Record<string, unknown>;
const n = (x: number) => x.toLocaleString('en');

/** Three photos as a phone leaves them after compressing: 1280×960 JPEGs of 50–150 KB, made once. */
async function phonePhotos(): Promise<Buffer[]> {
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

/** One technician's day of actions, each with its id and device time, the same for both sides. */
interface DayPlan {
  tech: SeededTechnician;
  token: string;
  visits: {
    _id: string;
    steps: { status: (typeof STEPS)[number]; clientActionId: string; at: Date }[];
    answers: { clientActionId: string; at: Date };
    photos: { clientActionId: string; name: string }[];
  }[];
}

function planDay(tech: SeededTechnician, token: string): DayPlan {
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

const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

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
    const bare = bareWrites(database, app);
    const stack = stackCalls(app, photos);

    // The same rows from both sides, on one technician's day.
    const checked = plans.shift()!;
    const before = await snapshotDay(database, checked);
    await stack.push(checked);
    const byApp = await snapshotDay(database, checked);
    await resetDay(database, checked, before);
    const bareServer = await bareActionServer(
      bare,
      new Map(plans.concat(checked).map((p) => [p.tech._id, p.tech])),
    );
    await bareServer.push(checked, await bare.prepare(checked), photos);
    const byBare = await snapshotDay(database, checked);
    if (byApp.text !== byBare.text) {
      const a = byApp.text.split('\n');
      const b = byBare.text.split('\n');
      const at = a.findIndex((line, i) => line !== b[i]);
      throw new Error(
        `field-sync: the bare writes differ from the app's at line ${at}\napp:  ${a[at]}\nbare: ${b[at]}`,
      );
    }
    console.log(`  push: the app and the bare writes wrote the same ${byApp.rows} rows`);

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
    await bareServer.close();

    // Pull: the working set of the pushed days, each side reading the days in turn.
    const pulled = [...stackPlans, ...routePlans, ...driverPlans];
    const bareRoute = Fastify({ logger: false });
    bareRoute.get('/bare/mine/:tech', async (req) =>
      workingSetOf(await bare.pull((req.params as { tech: string }).tech)),
    );
    await bareRoute.ready();
    const answerOf = (plan: DayPlan) =>
      bareRoute.inject({ method: 'GET', url: `/bare/mine/${plan.tech._id}` });
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
    await bareRoute.close();
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

/** The phone's requests, through the whole app. */
function stackCalls(app: Awaited<ReturnType<typeof benchApp>>['app'], photos: Buffer[]) {
  const call = async (token: string, method: 'POST' | 'PATCH' | 'GET', url: string, extra: object) => {
    const start = performance.now();
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...extra });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    const route = `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')}`;
    routeMs.set(route, [...(routeMs.get(route) ?? []), performance.now() - start]);
    return res;
  };
  return {
    async push(plan: DayPlan) {
      for (const v of plan.visits) {
        const step = (s: DayPlan['visits'][number]['steps'][number]) =>
          call(plan.token, 'POST', `/api/visit/${v._id}/status`, {
            payload: {
              status: s.status,
              clientActionId: s.clientActionId,
              at: s.at.toISOString(),
              location: LOCATION,
            },
          });
        for (const s of v.steps.slice(0, 3)) await step(s);
        await call(plan.token, 'POST', `/api/visit/${v._id}/answers`, {
          payload: {
            clientActionId: v.answers.clientActionId,
            at: v.answers.at.toISOString(),
            answers: DAY_ANSWERS,
          },
        });
        for (const [p, photo] of v.photos.entries()) {
          const made = await call(plan.token, 'POST', `/api/visit/${v._id}/uploads`, {
            headers: {
              authorization: `Bearer ${plan.token}`,
              'tus-resumable': '1.0.0',
              'upload-length': String(photos[p].length),
              'upload-metadata': meta({
                field: 'photo',
                filename: photo.name,
                filetype: 'image/jpeg',
                clientActionId: photo.clientActionId,
              }),
            },
          });
          await call(plan.token, 'PATCH', String(made.headers.location), {
            headers: {
              authorization: `Bearer ${plan.token}`,
              'tus-resumable': '1.0.0',
              'upload-offset': '0',
              'content-type': 'application/offset+octet-stream',
            },
            payload: photos[p],
          });
        }
        await step(v.steps[3]);
      }
    },
    async pull(plan: DayPlan) {
      return call(plan.token, 'GET', '/api/visit/mine', {});
    },
  };
}

/** A visit row as the visit routes answer it (kit.load: the list's columns and joins). */
const VISIT_COLUMNS = `v.id as "_id", v.number, v.customer_id as customer, cu.name as "customerName",
  v.assignees, v.equipment, v.city_id as city, ci.name as "cityName", v.address,
  v.customer_contract_id as "customerContract", cc.number as "customerContractNumber", v.sequence,
  v.scheduled_at as "scheduledAt", v.duration_minutes as "durationMinutes", v.form_id as form,
  f.title as "formName", v.status, v.notes, v.override_reason as "overrideReason", v.done_at as "doneAt",
  v.done_by as "doneBy", v.created_at as "createdAt", v.updated_at as "updatedAt"`;
const VISIT_JOINS = `left join customers cu on cu.id = v.customer_id
  left join cities ci on ci.id = v.city_id
  left join forms f on f.id = v.form_id
  left join customer_contracts cc on cc.id = v.customer_contract_id`;

interface Message {
  kind: string;
  customer: string;
  phone: string;
  params: Record<string, string>;
  summary: string;
}

/** The writes the phone's actions make, by hand, through the same driver. */
function bareWrites(database: Database, app: Awaited<ReturnType<typeof benchApp>>['app']) {
  const { db } = database;
  const channel = app.whatsapp.channel;
  const q = async (tx: Tx, text: string, params: unknown[]) => {
    const chunks = text.split(/\$(\d+)/);
    const parts = chunks.map((c, i) => (i % 2 ? sql`${params[Number(c) - 1]}` : sql.raw(c)));
    return (await tx.execute(sql.join(parts, sql``))).rows as Row[];
  };
  const claimAction = (tx: Tx, values: unknown[]) =>
    q(
      tx,
      `insert into visit_actions (client_action_id, visit_id, kind, status, actor_id, at, received_at, location, note)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, '') on conflict (client_action_id) do nothing
       returning client_action_id as "clientActionId", kind, status, at, received_at as "receivedAt", location, id`,
      values,
    );
  const settle = (tx: Tx, id: unknown, status: number, answer: unknown) =>
    q(tx, 'update visit_actions set answer_status = $1, answer = $2::jsonb where id = $3', [
      status,
      JSON.stringify(answer),
      id,
    ]);
  const activity = (
    tx: Tx,
    tech: SeededTechnician | null,
    entity: string,
    entityId: string,
    summary: string,
    changes: unknown,
  ) =>
    q(
      tx,
      `insert into activity (actor_id, actor_name, action, entity, entity_id, summary, changes, ip, user_agent)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
      [
        tech?._id ?? null,
        tech?.name ?? 'النظام',
        entity === 'message' ? 'create' : 'update',
        entity,
        entityId,
        summary,
        changes === null ? null : JSON.stringify(changes),
        tech ? IP : '',
        tech ? AGENT : '',
      ],
    );
  /** A timestamp as the driver gives it raw ('2026-11-29 06:21:38.463+00'), as the app answers it. */
  const instant = (t: unknown) =>
    t === null ? null : new Date(String(t).replace(' ', 'T').replace(/\+00$/, 'Z'));
  const actionOut = (a: Row) => ({
    clientActionId: a.clientActionId,
    kind: a.kind,
    status: a.status,
    at: instant(a.at),
    receivedAt: instant(a.receivedAt),
    location: a.location,
  });
  const lockVisit = async (tx: Tx, id: string) =>
    (
      await q(
        tx,
        `select v.number, cu.name as "customerName", v.status, v.form_id from visits v
       join customers cu on cu.id = v.customer_id where v.id = $1 for update of v`,
        [id],
      )
    )[0];
  const label = (v: Row) => `رقم ${v.number} — ${v.customerName}`;

  return {
    /** The customer's messages of each visit's on-the-way and done steps: texts made before timing. */
    async prepare(plan: DayPlan) {
      const origin = publicOrigin(app.config);
      const out = new Map<string, Message[]>();
      for (const v of plan.visits) {
        const [r] = (await database.rawQuery(
          `select v.number, v.scheduled_at, v.duration_minutes, cu.id as customer, cu.name,
                  coalesce(nullif(cu.whatsapp_number, ''), cu.phone_number) as phone
           from visits v join customers cu on cu.id = v.customer_id where v.id = $1`,
          [v._id],
        )) as Row[];
        const customerName = String(r.name);
        const visitNumber = String(r.number);
        const phone = `+966${String(r.phone).replace(/^\+?966|^0/, '')}`;
        const onTheWay = v.steps[0].at;
        const token = await ratingToken(db, v._id);
        out.set(`${v._id}:on_the_way`, [
          {
            kind: 'visit_on_the_way',
            customer: String(r.customer),
            phone,
            params: {
              customerName,
              visitNumber,
              technicianName: plan.tech.name,
              arrival: arrivalEstimate(
                onTheWay,
                new Date(String(r.scheduled_at)),
                Number(r.duration_minutes),
              ),
            },
            summary: `إشعار واتساب للعميل «${customerName}» بأن الفني في الطريق إلى الزيارة رقم ${visitNumber}`,
          },
        ]);
        out.set(`${v._id}:done`, [
          {
            kind: 'visit_done',
            customer: String(r.customer),
            phone,
            params: {
              customerName,
              visitNumber,
              reportLink: await visitReportLink(db, origin, v._id),
              reportFileName: `تقرير الزيارة ${visitNumber}.pdf`,
            },
            summary: `تقرير الزيارة رقم ${visitNumber} إلى العميل «${customerName}» عبر واتساب`,
          },
          {
            kind: 'visit_rating',
            customer: String(r.customer),
            phone,
            params: { customerName, visitNumber, link: ratingLink(origin, token), ratingToken: token },
            summary: `طلب تقييم الزيارة رقم ${visitNumber} من العميل «${customerName}» عبر واتساب`,
          },
        ]);
      }
      return out;
    },

    /** A step: claim, lock, update returning the answer's visit, activity, messages, kept answer. */
    step: async (
      tech: SeededTechnician,
      visitId: string,
      s: DayPlan['visits'][number]['steps'][number],
      messages: Map<string, Message[]>,
    ) =>
      db.transaction(async (tx) => {
        const [action] = await claimAction(tx, [
          s.clientActionId,
          visitId,
          'status',
          s.status,
          tech._id,
          s.at,
          new Date(),
          JSON.stringify(LOCATION),
        ]);
        const before = await lockVisit(tx, visitId);
        const done = s.status === 'done';
        const [visit] = await q(
          tx,
          `with v as (update visits set status = $1, done_at = case when $2 then $3::timestamptz else done_at end,
               done_by = case when $2 then $4::uuid else done_by end, version = version + 1, updated_at = now()
             where id = $5 returning *)
           select ${VISIT_COLUMNS}, v.version from v ${VISIT_JOINS}`,
          [s.status, done, s.at, tech._id, visitId],
        );
        for (const key of ['scheduledAt', 'doneAt', 'createdAt', 'updatedAt'])
          visit[key] = instant(visit[key]);
        const changes = {
          before: { status: before.status, ...(done ? { doneAt: null, doneBy: null } : {}) },
          after: { status: s.status, ...(done ? { doneAt: visit.doneAt, doneBy: tech._id } : {}) },
        };
        await activity(
          tx,
          tech,
          'visit',
          visitId,
          `الزيارة «${label(before)}»: ${visitStatusLabels[s.status]}`,
          changes,
        );
        for (const m of messages.get(`${visitId}:${s.status}`) ?? []) {
          const [claim] = await q(
            tx,
            `insert into notice_sends (kind, subject, sent_at) values ($1, $2, $3) on conflict do nothing returning id`,
            [m.kind, visitId, s.at],
          );
          const [message] = await q(
            tx,
            `insert into messages (customer_id, phone, direction, kind, body, template, template_params, channel, purpose, topic)
             values ($1, $2, 'out', 'template', $3, $4, $5::jsonb, $6, 'conversation', '') returning id`,
            [
              m.customer,
              m.phone,
              renderTemplate(m.kind, m.params),
              m.kind,
              JSON.stringify(m.params),
              channel,
            ],
          );
          await activity(tx, null, 'message', String(message.id), m.summary, null);
          await q(tx, 'update notice_sends set message_id = $1 where id = $2', [message.id, claim.id]);
        }
        const answer = { visit, action: actionOut(action) };
        await settle(tx, action.id, 200, answer);
        return answer;
      }),

    /** A visit's answers: claim, lock, the rows, activity, kept answer. */
    answers: async (
      tech: SeededTechnician,
      visitId: string,
      sent: { clientActionId: string; at: Date; answers: Record<string, unknown> },
    ) => {
      const now = new Date();
      return db.transaction(async (tx) => {
        const [action] = await claimAction(tx, [
          sent.clientActionId,
          visitId,
          'answers',
          null,
          tech._id,
          sent.at,
          now,
          null,
        ]);
        const before = await lockVisit(tx, visitId);
        await q(
          tx,
          `insert into visit_answers (visit_id, action_id, field, value, form_version, answered_by, at, received_at)
           select $1, $2, f, val, 1, $3, $4, $5 from jsonb_each($6::jsonb) as e(f, val)`,
          [visitId, action.id, tech._id, sent.at, now, JSON.stringify(sent.answers)],
        );
        await activity(tx, tech, 'visit', visitId, `إجابات نموذج الزيارة «${label(before)}»`, null);
        const answer = { answers: sent.answers, action: actionOut(action) };
        await settle(tx, action.id, 200, answer);
        return answer;
      });
    },

    /** A photo's creation: claim, lock, the empty file row, kept answer; its id. */
    createUpload: async (
      tech: SeededTechnician,
      visitId: string,
      photo: { clientActionId: string; name: string },
      length: number,
    ) => {
      const now = new Date();
      return db.transaction(async (tx) => {
        const [action] = await claimAction(tx, [
          photo.clientActionId,
          visitId,
          'upload',
          null,
          tech._id,
          now,
          now,
          null,
        ]);
        await lockVisit(tx, visitId);
        const [made] = await q(
          tx,
          `insert into visit_files (visit_id, action_id, field, name, length, data, uploaded_by)
           values ($1, $2, 'photo', $3, $4, ''::bytea, $5) returning id`,
          [visitId, action.id, photo.name, length, tech._id],
        );
        await settle(tx, action.id, 201, { location: `/api/visit/${visitId}/uploads/${made.id}` });
        return String(made.id);
      });
    },

    /** A photo's one chunk: the row locked, the bytes appended, typed and completed, activity. */
    chunk: async (tech: SeededTechnician, visitId: string, file: string, bytes: Buffer) =>
      db.transaction(async (tx) => {
        const [visit] = await q(
          tx,
          `select v.number, cu.name as "customerName" from visits v join customers cu on cu.id = v.customer_id
           where v.id = $1`,
          [visitId],
        );
        const [upload] = await q(tx, 'select name from visit_files where id = $1 for update', [file]);
        await q(
          tx,
          `update visit_files set data = data || $1::bytea, received = $2, type = 'image/jpeg', completed_at = now()
           where id = $3`,
          [new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), bytes.length, file],
        );
        await activity(
          tx,
          tech,
          'visit',
          visitId,
          `إرفاق «${upload.name}» في «صور الوحدة» لـالزيارة «${label(visit)}»`,
          null,
        );
      }),

    /** The working set's statements: the day's visits, then what they need, at once. */
    async pull(techId: string) {
      const now = Date.now();
      const from = new Date(now - ((now + 3 * 3_600_000) % 86_400_000));
      const until = new Date(from.getTime() + 2 * 86_400_000);
      const rows = (await database.rawQuery(
        `select ${VISIT_COLUMNS} from visits v ${VISIT_JOINS}
         where v.assignees @> array[$1::uuid] and v.status <> 'cancelled' and v.scheduled_at >= $2 and v.scheduled_at < $3
         order by v.scheduled_at, v.id`,
        [techId, from, until],
      )) as Row[];
      const ids = rows.map((r) => r._id);
      const unique = (xs: unknown[]) => [...new Set(xs.map(String))];
      const [people, gear, last, checklists, actions, answers, files] = await Promise.all([
        database.rawQuery(
          `select c.id as "_id", c.name, c.phone_number as "phoneNumber", c.whatsapp_number as "whatsappNumber",
                  c.building_number as "buildingNumber", c.street, c.district, c.postal_code as "postalCode",
                  c.additional_number as "additionalNumber", ci.name as "cityName"
           from customers c left join cities ci on ci.id = c.city_id where c.id = any($1::uuid[])`,
          [unique(rows.map((r) => r.customer))],
        ),
        database.rawQuery(
          `select id as "_id", name, serial_number as "serialNumber", model, installed_at::text as "installedAt",
                  warranty_until::text as "warrantyUntil", notes from equipment where id = any($1::uuid[])`,
          [unique(rows.flatMap((r) => r.equipment as string[]))],
        ),
        database.rawQuery(
          `select v.id as "for", p.number, p.scheduled_at, p.done_at, p.notes from visits v
           cross join lateral (select number, scheduled_at, done_at, notes from visits p
             where p.customer_id = v.customer_id and p.status = 'done' and p.scheduled_at < v.scheduled_at
               and (v.customer_contract_id is null or p.customer_contract_id = v.customer_contract_id)
             order by p.scheduled_at desc limit 1) p
           where v.id = any($1::uuid[])`,
          [ids],
        ),
        database.rawQuery(
          `select f.id as "_id", f.title, f.version, fv.fields from forms f
           join form_versions fv on fv.form_id = f.id and fv.version = f.version where f.id = any($1::uuid[])`,
          [unique(rows.map((r) => r.form))],
        ),
        database.rawQuery(
          `select * from visit_actions where visit_id = any($1::uuid[]) and answer_status = 200 order by received_at`,
          [ids],
        ),
        database.rawQuery(
          `select distinct on (visit_id, field) visit_id, field, value from visit_answers
           where visit_id = any($1::uuid[]) order by visit_id, field, received_at desc, id desc`,
          [ids],
        ),
        database.rawQuery(
          `select id as "_id", visit_id, field, name, type, length as size, created_at from visit_files
           where visit_id = any($1::uuid[]) and completed_at is not null order by created_at`,
          [ids],
        ),
      ]);
      return { rows, people, gear, last, checklists, actions, answers, files } as Record<string, Row[]>;
    },
  };
}

/** The working set as `GET /api/visit/mine` answers it, from the written-out statements' rows. */
function workingSetOf(found: Record<string, Row[]>) {
  const byId = (rows: Row[]) => new Map(rows.map((r) => [String(r._id), r]));
  const group = (rows: Row[]) => {
    const out = new Map<string, Row[]>();
    for (const { visit_id, ...r } of rows)
      out.set(String(visit_id), [...(out.get(String(visit_id)) ?? []), r]);
    return out;
  };
  const people = byId(found.people);
  const gear = byId(found.gear);
  const forms = byId(found.checklists);
  const last = new Map(found.last.map((r) => [String(r.for), r]));
  const actions = group(found.actions);
  const answers = group(found.answers);
  const files = group(found.files);
  return {
    serverTime: new Date(),
    visits: found.rows.map((v) => {
      const id = String(v._id);
      const previous = last.get(id);
      return {
        ...v,
        customer: people.get(String(v.customer)),
        equipment: (v.equipment as string[]).flatMap((e) => gear.get(e) ?? []),
        lastVisit: previous
          ? {
              number: previous.number,
              scheduledAt: previous.scheduled_at,
              doneAt: previous.done_at,
              notes: previous.notes,
            }
          : null,
        form: v.form ? (forms.get(String(v.form)) ?? null) : null,
        answers: Object.fromEntries((answers.get(id) ?? []).map((a) => [a.field, a.value ?? null])),
        files: (files.get(id) ?? []).map(({ created_at, ...f }) => ({
          ...f,
          createdAt: created_at,
          url: `/api/visit/${id}/files/${f._id}`,
        })),
        actions: (actions.get(id) ?? []).map((a) => ({
          clientActionId: a.client_action_id,
          kind: a.kind,
          status: a.status,
          at: a.at,
          receivedAt: a.received_at,
          location: a.location,
        })),
      };
    }),
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

type Bare = ReturnType<typeof bareWrites>;

/** A technician's day written by the bare writes alone, in the phone's order (the driver alone). */
async function pushByDriver(bare: Bare, plan: DayPlan, messages: Map<string, Message[]>, photos: Buffer[]) {
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

/**
 * The bare writes behind a bare Fastify server, one route per kind of action, asked as the phone asks
 * the app (JSON bodies, the photo's bytes as the tus chunk): no auth, hooks or schema, the answer
 * JSON by Fastify's default serialiser. The technician is named by a header (there is no session);
 * the customers' message texts of each day are made before timing.
 */
async function bareActionServer(bare: Bare, technicians: Map<string, SeededTechnician>) {
  const messagesOf = new Map<string, Map<string, Message[]>>();
  const server = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
  server.addContentTypeParser('application/offset+octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  const techOf = (req: { headers: Record<string, unknown> }) =>
    technicians.get(String(req.headers['x-tech'])) as SeededTechnician;
  type Step = DayPlan['visits'][number]['steps'][number];
  server.post('/bare/visit/:id/status', async (req) => {
    const { id } = req.params as { id: string };
    const body = req.body as { status: Step['status']; clientActionId: string; at: string };
    const tech = techOf(req);
    const step = { clientActionId: body.clientActionId, status: body.status, at: new Date(body.at) } as Step;
    return bare.step(tech, id, step, messagesOf.get(tech._id) ?? new Map());
  });
  server.post('/bare/visit/:id/answers', async (req) => {
    const { id } = req.params as { id: string };
    const body = req.body as { clientActionId: string; at: string; answers: Record<string, unknown> };
    return bare.answers(techOf(req), id, { ...body, at: new Date(body.at) });
  });
  server.post('/bare/visit/:id/uploads', async (req, reply) => {
    const { id } = req.params as { id: string };
    const file = await bare.createUpload(
      techOf(req),
      id,
      {
        clientActionId: String(req.headers['x-client-action-id']),
        name: decodeURIComponent(String(req.headers['x-name'])),
      },
      Number(req.headers['upload-length']),
    );
    return reply.header('location', `/bare/visit/${id}/uploads/${file}`).status(201).send();
  });
  server.patch('/bare/visit/:id/uploads/:file', async (req, reply) => {
    const { id, file } = req.params as { id: string; file: string };
    await bare.chunk(techOf(req), id, file, req.body as Buffer);
    return reply.status(204).send();
  });
  await server.ready();
  const call = async (tech: string, method: 'POST' | 'PATCH', url: string, extra: object) => {
    const start = performance.now();
    const res = await server.inject({ method, url, headers: { 'x-tech': tech }, ...extra });
    if (res.statusCode >= 300) throw new Error(`bare ${method} ${url}: ${res.statusCode} ${res.body}`);
    const route = `bare ${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')}`;
    routeMs.set(route, [...(routeMs.get(route) ?? []), performance.now() - start]);
    return res;
  };
  return {
    close: () => server.close(),
    /** A technician's day asked of the bare server, in the phone's order. */
    async push(plan: DayPlan, messages: Map<string, Message[]>, photos: Buffer[]) {
      const tech = plan.tech._id;
      messagesOf.set(tech, messages);
      for (const v of plan.visits) {
        const step = (s: Step) =>
          call(tech, 'POST', `/bare/visit/${v._id}/status`, {
            payload: {
              status: s.status,
              clientActionId: s.clientActionId,
              at: s.at.toISOString(),
              location: LOCATION,
            },
          });
        for (const s of v.steps.slice(0, 3)) await step(s);
        await call(tech, 'POST', `/bare/visit/${v._id}/answers`, {
          payload: {
            clientActionId: v.answers.clientActionId,
            at: v.answers.at.toISOString(),
            answers: DAY_ANSWERS,
          },
        });
        for (const [p, photo] of v.photos.entries()) {
          const made = await call(tech, 'POST', `/bare/visit/${v._id}/uploads`, {
            headers: {
              'x-tech': tech,
              'upload-length': String(photos[p].length),
              'x-name': encodeURIComponent(photo.name),
              'x-client-action-id': photo.clientActionId,
            },
          });
          await call(tech, 'PATCH', String(made.headers.location), {
            headers: { 'x-tech': tech, 'content-type': 'application/offset+octet-stream' },
            payload: photos[p],
          });
        }
        await step(v.steps[3]);
      }
      messagesOf.delete(tech);
    },
  };
}
