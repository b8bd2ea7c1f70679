import {
  arabicPlural,
  findTemplate,
  MESSAGES,
  type MessageStatus,
  normalizeSaudiPhone,
  SERVICE_WINDOW_MS,
  serviceWindowExplanation,
  type whatsappSendBody,
} from '@idara/domain';
import { and, desc, eq, getTableColumns, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { compiledStatement } from '../../db/fast-query';
import { customers, messages, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { ActorContext } from '../../http/request-context';
import { recordActivity, systemActor } from '../../lib/activity';
import { userRoom } from '../../realtime/server';
import { usersWith } from '../notification/service';

type SendInput = z.output<typeof whatsappSendBody>;
type MessageRow = typeof messages.$inferSelect;

export const READ_MESSAGES = 'customer:read:messages';

/** A number as stored: Saudi numbers in E.164 (+9665…), others as + and digits. */
export function canonicalPhone(raw: string) {
  return normalizeSaudiPhone(raw) ?? `+${raw.replace(/\D/g, '')}`;
}

export function presentMessage(row: MessageRow, sentByName: string | null = null) {
  return {
    _id: row._id,
    customer: row.customer,
    phone: row.phone,
    direction: row.direction as 'in' | 'out',
    kind: row.kind as 'text' | 'template' | 'media',
    body: row.body,
    template: row.template,
    media: row.media,
    status: row.status as MessageStatus,
    channel: row.channel as 'whatsapp' | 'outbox',
    error: row.error,
    sentBy: row.sentBy,
    sentByName,
    createdAt: row.createdAt.toISOString(),
    statusAt: row.statusAt?.toISOString() ?? null,
  };
}
export type PresentedMessage = ReturnType<typeof presentMessage>;

/** Tells every user allowed to read messages about a new message or a status change. */
export async function pushMessage(
  app: FastifyInstance,
  event: 'message' | 'status',
  message: PresentedMessage,
) {
  if (!app.io) return;
  const readers = await usersWith(app.db, [READ_MESSAGES], null);
  for (const id of readers) app.io.to(userRoom(id)).emit('whatsapp', { event, message });
}

export async function loadCustomer(db: DbOrTx, id: string) {
  const [customer] = await db
    .select({
      _id: customers._id,
      name: customers.name,
      phoneNumber: customers.phoneNumber,
      whatsappNumber: customers.whatsappNumber,
    })
    .from(customers)
    .where(eq(customers._id, id));
  if (!customer) throw notFound('العميل');
  return customer;
}

/** The customer's service window: open for 24 hours after their last message. */
export async function serviceWindow(db: DbOrTx, customerId: string, now = Date.now()) {
  const [last] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.customer, customerId), eq(messages.direction, 'in')))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  const until = last ? new Date(last.at.getTime() + SERVICE_WINDOW_MS) : null;
  return { open: Boolean(until && until.getTime() > now), until: until?.toISOString() ?? null };
}

const withSender = { message: messages, sentByName: users.name };

export async function conversation(db: DbOrTx, customerId: string, before: Date | null, limit: number) {
  const customer = await loadCustomer(db, customerId);
  const rows = await db
    .select(withSender)
    .from(messages)
    .leftJoin(users, eq(users._id, messages.sentBy))
    .where(
      and(
        eq(messages.customer, customerId),
        eq(messages.purpose, 'conversation'),
        before ? lt(messages.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages._id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  return {
    customer,
    messages: page.map((r) => presentMessage(r.message, r.sentByName)),
    hasMore: rows.length > limit,
    window: await serviceWindow(db, customerId),
  };
}

export interface QueuedMessage {
  customer: string | null;
  phone: string;
  kind: 'text' | 'template' | 'media';
  body: string;
  template?: string | null;
  templateParams?: Record<string, string> | null;
  media?: MessageRow['media'];
  purpose: string;
  idempotencyKey?: string | null;
  sentBy: string | null;
  topic?: string;
}

const queued = getTableColumns(messages);
const insertMessage = compiledStatement(queued, (tx) =>
  tx
    .insert(messages)
    .values({
      customer: sql.placeholder('customer'),
      phone: sql.placeholder('phone'),
      direction: 'out',
      kind: sql.placeholder('kind'),
      body: sql.placeholder('body'),
      template: sql.placeholder('template'),
      templateParams: sql.placeholder('templateParams'),
      media: sql.placeholder('media'),
      channel: sql.placeholder('channel'),
      purpose: sql.placeholder('purpose'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      sentBy: sql.placeholder('sentBy'),
      topic: sql.placeholder('topic'),
    })
    .onConflictDoNothing({ target: messages.idempotencyKey })
    .returning(queued),
);

/**
 * Stores an outgoing message as `queued` (the dispatcher sends it after the commit). With an
 * idempotency key already used, answers the stored message and queues nothing.
 */
export async function queueMessage(tx: DbOrTx, channel: 'whatsapp' | 'outbox', m: QueuedMessage) {
  const [row] = await insertMessage(tx, {
    customer: m.customer,
    phone: m.phone,
    kind: m.kind,
    body: m.body,
    template: m.template ?? null,
    templateParams: m.templateParams ?? null,
    media: m.media ?? null,
    channel,
    purpose: m.purpose,
    idempotencyKey: m.idempotencyKey ?? null,
    sentBy: m.sentBy,
    topic: m.topic ?? '',
  });
  if (row) return { row, created: true };
  const [existing] = await tx.select().from(messages).where(eq(messages.idempotencyKey, m.idempotencyKey!));
  return { row: existing, created: false };
}

/** The text a template shows the customer, from the template and its values. */
export function renderTemplate(name: string, params: Record<string, string>) {
  const template = findTemplate(name);
  if (!template) throw new AppError(422, 'القالب غير معروف');
  return template.render(params);
}

/**
 * A template message the server sends a customer on its own (a reminder, a visit's confirmation),
 * queued in `tx` with its activity-log row; the caller pushes it once `tx` has committed.
 */
export async function queueSystemTemplate(
  tx: DbOrTx,
  channel: 'whatsapp' | 'outbox',
  m: { customer: string; phone: string; template: string; params: Record<string, string>; summary: string },
) {
  const { row } = await queueMessage(tx, channel, {
    customer: m.customer,
    phone: m.phone,
    kind: 'template',
    template: m.template,
    templateParams: m.params,
    body: renderTemplate(m.template, m.params),
    purpose: 'conversation',
    sentBy: null,
  });
  await recordActivity(tx, systemActor, {
    action: 'create',
    entity: 'message',
    entityId: row._id,
    summary: m.summary,
  });
  return row;
}

/** Templates and documents staff may send one customer in a window (a conversation's text replies are not counted). */
export const STAFF_SENDS = { max: 5, windowMs: 10 * 60 * 1000 };

/**
 * Nobody floods a customer: a repeat of the same topic (a statement of one period) inside its window
 * is refused, and so is a sixth template or document from staff within ten minutes. A retry with the
 * same idempotency key is not a new send and passes.
 */
async function assertNotFlooding(
  tx: Tx,
  customer: { _id: string; name: string },
  input: SendInput,
  repeat?: { topic: string; withinMs: number; message: string },
) {
  if (input.idempotencyKey) {
    const [seen] = await tx
      .select({ _id: messages._id })
      .from(messages)
      .where(eq(messages.idempotencyKey, input.idempotencyKey));
    if (seen) return;
  }
  if (repeat) {
    const [again] = await tx
      .select({ _id: messages._id })
      .from(messages)
      .where(
        and(
          eq(messages.customer, customer._id),
          eq(messages.topic, repeat.topic),
          gt(messages.createdAt, new Date(Date.now() - repeat.withinMs)),
        ),
      )
      .limit(1);
    if (again) throw new AppError(429, repeat.message);
  }
  if (input.kind === 'text') return;
  const [{ recent }] = await tx
    .select({ recent: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.customer, customer._id),
        eq(messages.direction, 'out'),
        isNotNull(messages.sentBy),
        ne(messages.kind, 'text'),
        gt(messages.createdAt, new Date(Date.now() - STAFF_SENDS.windowMs)),
      ),
    );
  if (recent >= STAFF_SENDS.max)
    throw new AppError(
      429,
      `أُرسلت إلى العميل «${customer.name}» ${arabicPlural(STAFF_SENDS.max, MESSAGES)} خلال عشر دقائق: انتظر قليلاً قبل إرسال غيرها`,
    );
}

export async function sendToCustomer(
  tx: Tx,
  channel: 'whatsapp' | 'outbox',
  actor: ActorContext,
  customerId: string,
  input: SendInput,
  repeat?: { topic: string; withinMs: number; message: string },
) {
  // One send to a customer at a time, so the limits below hold under concurrent requests.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp-send:${customerId}`}))`);
  const customer = await loadCustomer(tx, customerId);
  await assertNotFlooding(tx, customer, input, repeat);
  if (input.idempotencyKey) {
    const [seen] = await tx.select().from(messages).where(eq(messages.idempotencyKey, input.idempotencyKey));
    if (seen) {
      if (seen.customer !== customerId) throw new AppError(409, 'مفتاح الإرسال مستخدم لرسالة أخرى');
      return { row: seen, created: false };
    }
  }
  if (input.kind !== 'template' && !(await serviceWindow(tx, customerId)).open) {
    throw new AppError(409, `لا يمكن إرسال رسالة حرة الآن. ${serviceWindowExplanation}`, {
      code: 'window_closed',
    });
  }
  const phone = customer.whatsappNumber || customer.phoneNumber;
  const queued =
    input.kind === 'text'
      ? { kind: 'text' as const, body: input.body }
      : input.kind === 'template'
        ? {
            kind: 'template' as const,
            template: input.template,
            templateParams: input.params,
            body: renderTemplate(input.template, input.params),
          }
        : {
            kind: 'media' as const,
            media: input.media,
            body: input.media.caption || input.media.fileName || '',
          };
  const result = await queueMessage(tx, channel, {
    ...queued,
    customer: customerId,
    phone: canonicalPhone(phone),
    purpose: 'conversation',
    idempotencyKey: input.idempotencyKey ?? null,
    sentBy: actor.actorId,
    topic: repeat?.topic ?? '',
  });
  if (result.created) {
    await recordActivity(tx, actor, {
      action: 'create',
      entity: 'message',
      entityId: result.row._id,
      summary: `رسالة واتساب إلى العميل «${customer.name}»${input.kind === 'template' ? ` (قالب ${findTemplate(input.template)?.label})` : ''}`,
    });
  }
  return result;
}

/** Numbers that wrote in but match no customer, newest first. */
export async function inbox(db: DbOrTx) {
  const rows = await db
    .select({
      phone: messages.phone,
      count: sql<number>`count(*)::int`,
      lastAt: sql<Date>`max(${messages.createdAt})`,
      lastBody: sql<string>`(array_agg(${messages.body} order by ${messages.createdAt} desc))[1]`,
    })
    .from(messages)
    .where(and(isNull(messages.customer), eq(messages.purpose, 'conversation')))
    .groupBy(messages.phone)
    .orderBy(desc(sql`max(${messages.createdAt})`))
    .limit(200);
  return { data: rows.map((r) => ({ ...r, lastAt: new Date(r.lastAt).toISOString() })) };
}

export async function inboxMessages(db: DbOrTx, phone: string) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(isNull(messages.customer), eq(messages.phone, phone), eq(messages.purpose, 'conversation')))
    .orderBy(messages.createdAt)
    .limit(500);
  return { messages: rows.map((r) => presentMessage(r)) };
}

/** The customer whose phone or WhatsApp number is this one, if any. */
export async function customerByPhone(db: DbOrTx, phone: string) {
  const [row] = await db
    .select({ _id: customers._id, name: customers.name })
    .from(customers)
    .where(or(eq(customers.phoneNumber, phone), eq(customers.whatsappNumber, phone)))
    .limit(1);
  return row ?? null;
}
