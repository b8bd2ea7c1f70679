/**
 * The technician's sync written out by hand (issue 44's baseline): the writes each phone action
 * makes and the working set's statements, through the app's own driver, without the app — and the
 * phone's day of requests, asked of either. Used in process by bench/field-sync.ts and, in a process
 * of its own, by the minimal server (bench/bare-server.ts `sync`) for the instruction count.
 */
import { visitStatusLabels } from '@idara/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../apps/api/src/db/client';
import { ratingLink, ratingToken, visitReportLink } from '../apps/api/src/modules/visit-messages/links';
import { arrivalEstimate } from '../apps/api/src/modules/visit-messages/step-messages';
import { renderTemplate } from '../apps/api/src/modules/whatsapp/service';
import { DAY_ANSWERS, type SeededTechnician } from './field-sync-seed';

export const STEPS = ['on_the_way', 'arrived', 'started', 'done'] as const;
export const LOCATION = { lat: 24.7136, lng: 46.6753, accuracy: 12 };

type Row = Record<string, unknown>;

/** One technician's day of actions, each with its id and device time, the same for both sides. */
export interface DayPlan {
  tech: SeededTechnician;
  token: string;
  visits: {
    _id: string;
    steps: Step[];
    answers: { clientActionId: string; at: Date };
    photos: Photo[];
  }[];
}
export type Step = { status: (typeof STEPS)[number]; clientActionId: string; at: Date };
export type Photo = { clientActionId: string; name: string };

/** A visit row as the visit routes answer it (kit.load: the list's columns and joins). */
export const VISIT_COLUMNS = `v.id as "_id", v.number, v.customer_id as customer, cu.name as "customerName",
  v.assignees, v.equipment, v.city_id as city, ci.name as "cityName", v.address,
  v.customer_contract_id as "customerContract", cc.number as "customerContractNumber", v.sequence,
  v.scheduled_at as "scheduledAt", v.duration_minutes as "durationMinutes", v.form_id as form,
  f.title as "formName", v.status, v.notes, v.override_reason as "overrideReason", v.done_at as "doneAt",
  v.done_by as "doneBy", v.created_at as "createdAt", v.updated_at as "updatedAt"`;
export const VISIT_JOINS = `left join customers cu on cu.id = v.customer_id
  left join cities ci on ci.id = v.city_id
  left join forms f on f.id = v.form_id
  left join customer_contracts cc on cc.id = v.customer_contract_id`;

export interface Message {
  kind: string;
  customer: string;
  phone: string;
  params: Record<string, string>;
  summary: string;
}

/**
 * The writes the phone's actions make, by hand, through the same driver. `caller`: the channel the
 * app queues customers' messages on, the origin of its links, and the address and agent its
 * activity rows log for the requests (the same on both sides).
 */
export function bareWrites(
  database: Database,
  caller: { channel: 'whatsapp' | 'outbox'; origin: string; ip: string; agent: string },
) {
  const { db } = database;
  const { channel, origin } = caller;
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
        tech ? caller.ip : '',
        tech ? caller.agent : '',
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
export function workingSetOf(found: Record<string, Row[]>) {
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

export type Bare = ReturnType<typeof bareWrites>;

/** A day's customers' messages by `<visit>:<step>`, made before timing (bareWrites().prepare). */
export type DayMessages = Map<string, Message[]>;

/**
 * The bare writes behind bare Fastify routes, one per kind of action, asked as the phone asks the
 * app (JSON bodies, the photo's bytes as the tus chunk): no auth, hooks or schema, the answer JSON by
 * Fastify's default serialiser. The technician is named by a header (there is no session); each
 * day's technician and messages are in `days`, put there by the caller or sent to `POST /bare/day`
 * before the day is pushed. `GET /bare/mine/:tech` answers the working set from its statements.
 */
export function registerBareSync(
  server: FastifyInstance,
  bare: Bare,
  days = new Map<string, { tech: SeededTechnician; messages: DayMessages }>(),
) {
  server.addContentTypeParser('application/offset+octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  const dayOf = (req: { headers: Record<string, unknown> }) => {
    const day = days.get(String(req.headers['x-tech']));
    if (!day) throw new Error(`no day for technician ${req.headers['x-tech']}`);
    return day;
  };
  server.post('/bare/day', async (req) => {
    const { tech, messages } = req.body as { tech: SeededTechnician; messages: [string, Message[]][] };
    days.set(tech._id, { tech, messages: new Map(messages) });
    return { ok: true };
  });
  server.post('/bare/visit/:id/status', async (req) => {
    const { id } = req.params as { id: string };
    const body = req.body as { status: Step['status']; clientActionId: string; at: string };
    const { tech, messages } = dayOf(req);
    const step = { clientActionId: body.clientActionId, status: body.status, at: new Date(body.at) };
    return bare.step(tech, id, step, messages);
  });
  server.post('/bare/visit/:id/answers', async (req) => {
    const { id } = req.params as { id: string };
    const body = req.body as { clientActionId: string; at: string; answers: Record<string, unknown> };
    return bare.answers(dayOf(req).tech, id, { ...body, at: new Date(body.at) });
  });
  server.post('/bare/visit/:id/uploads', async (req, reply) => {
    const { id } = req.params as { id: string };
    const file = await bare.createUpload(
      dayOf(req).tech,
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
    await bare.chunk(dayOf(req).tech, id, file, req.body as Buffer);
    return reply.status(204).send();
  });
  server.get('/bare/mine/:tech', async (req) =>
    workingSetOf(await bare.pull((req.params as { tech: string }).tech)),
  );
  return days;
}

/** One request of the phone's day, as either side is asked it. */
export interface PhoneRequest {
  method: 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body: string | Buffer;
}

const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/**
 * A technician's day in the phone's order — for each visit on the way, arrived, started, one answers
 * post, each photo through tus (creation, one PATCH), done — asked of the app (`{ app: token }`: its
 * routes, session and tus headers) or of the bare routes (`{ bare: true }`). `send` answers a request
 * with its `location` header (an upload's address, which the PATCH goes to).
 */
export async function pushDay(
  plan: DayPlan,
  photos: Buffer[],
  side: { app: string } | { bare: true },
  send: (r: PhoneRequest) => Promise<{ location?: string }>,
) {
  const app = 'app' in side;
  const base = app ? '/api/visit' : '/bare/visit';
  const who: Record<string, string> = app
    ? { authorization: `Bearer ${side.app}` }
    : { 'x-tech': plan.tech._id };
  const json = (url: string, payload: object) =>
    send({
      method: 'POST',
      url,
      headers: { ...who, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  for (const v of plan.visits) {
    const step = (s: Step) =>
      json(`${base}/${v._id}/status`, {
        status: s.status,
        clientActionId: s.clientActionId,
        at: s.at.toISOString(),
        location: LOCATION,
      });
    for (const s of v.steps.slice(0, 3)) await step(s);
    await json(`${base}/${v._id}/answers`, {
      clientActionId: v.answers.clientActionId,
      at: v.answers.at.toISOString(),
      answers: DAY_ANSWERS,
    });
    for (const [p, photo] of v.photos.entries()) {
      const length = String(photos[p].length);
      const { location } = await send({
        method: 'POST',
        url: `${base}/${v._id}/uploads`,
        headers: app
          ? {
              ...who,
              'tus-resumable': '1.0.0',
              'upload-length': length,
              'upload-metadata': meta({
                field: 'photo',
                filename: photo.name,
                filetype: 'image/jpeg',
                clientActionId: photo.clientActionId,
              }),
            }
          : {
              ...who,
              'upload-length': length,
              'x-name': encodeURIComponent(photo.name),
              'x-client-action-id': photo.clientActionId,
            },
        body: '',
      });
      if (!location) throw new Error(`${base}/${v._id}/uploads: no location`);
      await send({
        method: 'PATCH',
        url: new URL(location, 'http://localhost').pathname,
        headers: {
          ...who,
          ...(app ? { 'tus-resumable': '1.0.0', 'upload-offset': '0' } : {}),
          'content-type': 'application/offset+octet-stream',
        },
        body: photos[p],
      });
    }
    await step(v.steps[3]);
  }
}
