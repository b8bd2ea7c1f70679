import {
  addDays,
  arabicDayText,
  openVisitStatuses,
  RENEWAL_NOTICE_DAYS,
  riyadhDayBounds,
  visitTimeWindow,
} from '@idara/domain';
import {
  and,
  arrayContains,
  asc,
  between,
  count,
  eq,
  inArray,
  lt,
  not,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { compiledStatement } from '../../db/fast-query';
import { customerContracts, customers, noticeSends, visits } from '../../db/schema';
import { recordActivity, systemActor } from '../../lib/activity';
import { canonicalPhone, presentMessage, pushMessage, queueSystemTemplate } from '../whatsapp/service';

export type NoticeKind =
  | 'visit_confirmation'
  | 'contract_renewal'
  | 'unassigned_visits'
  // A visit's steps told to its customer (modules/visit-messages), once each per visit.
  | 'visit_on_the_way'
  | 'visit_done'
  | 'visit_rating';

/** Rows whose notice (kind, subject) has not gone out yet. */
const notSent = (app: FastifyInstance, kind: NoticeKind, subject: SQL<string> | string) =>
  notExists(
    app.db
      .select({ _id: noticeSends._id })
      .from(noticeSends)
      .where(and(eq(noticeSends.kind, kind), eq(noticeSends.subject, subject))),
  );

const claimed = { _id: noticeSends._id };
const insertClaim = compiledStatement(claimed, (tx) =>
  tx
    .insert(noticeSends)
    .values({
      kind: sql.placeholder('kind'),
      subject: sql.placeholder('subject'),
      sentAt: sql.placeholder('now'),
    })
    .onConflictDoNothing()
    .returning(claimed),
);

/**
 * Claims a notice: the row is written in `tx`, or nothing is when a tick here or in another
 * process claimed it first (the unique key waits for that one's commit, then yields nothing).
 */
export async function claim(tx: DbOrTx, kind: NoticeKind, subject: string, now: Date) {
  const [row] = await insertClaim(tx, { kind, subject, now });
  return row?._id ?? null;
}

interface CustomerNotice {
  /** Also the name of the template it is sent with. */
  kind: 'visit_confirmation' | 'contract_renewal';
  subject: string;
  customer: { _id: string; name: string; phoneNumber: string; whatsappNumber: string };
  /** The template's values besides the customer's name. */
  params: Record<string, string>;
  /** The activity log's line for the message. */
  summary: string;
}

/** The number a notice goes to: the customer's WhatsApp number, else their phone; none → null. */
export const reachableAt = (c: { phoneNumber: string; whatsappNumber: string }) => {
  const raw = (c.whatsappNumber || c.phoneNumber).trim();
  return raw ? canonicalPhone(raw) : null;
};

/**
 * Queues each notice's template message to its customer, once: a notice's claim, message and
 * activity row are one transaction. Answers how many this call queued.
 */
async function sendEach(app: FastifyInstance, now: Date, notices: CustomerNotice[]) {
  let queued = 0;
  for (const notice of notices) {
    const phone = reachableAt(notice.customer);
    if (!phone) continue;
    const row = await app.db.transaction(async (tx) => {
      const claimed = await claim(tx, notice.kind, notice.subject, now);
      if (!claimed) return null;
      const row = await queueSystemTemplate(tx, app.whatsapp.channel, {
        customer: notice.customer._id,
        phone,
        template: notice.kind,
        params: { customerName: notice.customer.name, ...notice.params },
        summary: notice.summary,
      });
      await tx.update(noticeSends).set({ message: row._id }).where(eq(noticeSends._id, claimed));
      return row;
    });
    if (!row) continue;
    await pushMessage(app, 'message', presentMessage(row));
    queued++;
  }
  return queued;
}

const customerColumns = {
  _id: customers._id,
  name: customers.name,
  phoneNumber: customers.phoneNumber,
  whatsappNumber: customers.whatsappNumber,
};

/**
 * Active contracts whose end day is before `today` become expired, each with its activity row, in
 * one transaction; a second tick finds none (the status is the claim). Answers their ids.
 */
export async function expireContracts(app: FastifyInstance, today: string, now: Date) {
  return app.db.transaction(async (tx) => {
    const ended = await tx
      .update(customerContracts)
      .set({ status: 'expired', version: sql`${customerContracts.version} + 1`, updatedAt: now })
      .where(and(eq(customerContracts.status, 'active'), lt(customerContracts.endDate, today)))
      .returning({
        _id: customerContracts._id,
        number: customerContracts.number,
        endDate: customerContracts.endDate,
      });
    for (const contract of ended)
      await recordActivity(tx, systemActor, {
        action: 'update',
        entity: 'customerContract',
        entityId: contract._id,
        summary: `انتهى العقد رقم ${contract.number} بانتهاء مدته في ${contract.endDate}`,
        before: { status: 'active' },
        after: { status: 'expired' },
      });
    return ended.map((c) => c._id);
  });
}

/**
 * How many of `day`'s open visits have no team, claimed once for the day: null when there are none
 * or the office was already told.
 */
export async function claimUnassigned(app: FastifyInstance, day: string, now: Date) {
  const { start, end } = riyadhDayBounds(day);
  const [{ n }] = await app.db
    .select({ n: count() })
    .from(visits)
    .where(
      and(
        inArray(visits.status, [...openVisitStatuses]),
        between(visits.scheduledAt, start, end),
        sql`cardinality(${visits.assignees}) = 0`,
      ),
    );
  if (n === 0) return null;
  return (await claim(app.db, 'unassigned_visits', day, now)) ? n : null;
}

/**
 * Each planned visit on `day` confirmed to its customer through the `visit_confirmation` template,
 * once per visit and day (a visit moved to another day is confirmed again for that day). Answers
 * how many this call queued.
 */
export async function confirmVisits(app: FastifyInstance, day: string, now: Date) {
  const { start, end } = riyadhDayBounds(day);
  const subject = sql<string>`${visits._id}::text || '@' || ${day}`;
  const due = await app.db
    .select({
      _id: visits._id,
      number: visits.number,
      scheduledAt: visits.scheduledAt,
      durationMinutes: visits.durationMinutes,
      customer: customerColumns,
    })
    .from(visits)
    .innerJoin(customers, eq(customers._id, visits.customer))
    .where(
      and(
        eq(visits.status, 'planned'),
        between(visits.scheduledAt, start, end),
        notSent(app, 'visit_confirmation', subject),
        not(arrayContains(customers.messageOptOuts, ['visit_confirmation'])),
      ),
    )
    .orderBy(asc(visits.scheduledAt), asc(visits.number));
  return sendEach(
    app,
    now,
    due.map((visit) => ({
      kind: 'visit_confirmation',
      subject: `${visit._id}@${day}`,
      customer: visit.customer,
      params: {
        day: arabicDayText(day),
        timeWindow: visitTimeWindow(visit.scheduledAt, visit.durationMinutes),
        visitNumber: String(visit.number),
      },
      summary: `تأكيد واتساب للعميل «${visit.customer.name}» بموعد الزيارة رقم ${visit.number} في ${day}`,
    })),
  );
}

/**
 * Each active contract ending from `today` to RENEWAL_NOTICE_DAYS later, not renewed yet, offered
 * renewal through the `contract_renewal` template once. Answers how many this call queued.
 */
export async function offerRenewals(app: FastifyInstance, today: string, now: Date) {
  const successor = alias(customerContracts, 'successor');
  const due = await app.db
    .select({
      _id: customerContracts._id,
      number: customerContracts.number,
      endDate: customerContracts.endDate,
      customer: customerColumns,
    })
    .from(customerContracts)
    .innerJoin(customers, eq(customers._id, customerContracts.customer))
    .where(
      and(
        eq(customerContracts.status, 'active'),
        between(customerContracts.endDate, today, addDays(today, RENEWAL_NOTICE_DAYS)),
        notExists(
          app.db
            .select({ _id: successor._id })
            .from(successor)
            .where(eq(successor.renewedFrom, customerContracts._id)),
        ),
        notSent(app, 'contract_renewal', sql<string>`${customerContracts._id}::text`),
      ),
    )
    .orderBy(asc(customerContracts.endDate), asc(customerContracts.number));
  return sendEach(
    app,
    now,
    due.map((contract) => ({
      kind: 'contract_renewal',
      subject: contract._id,
      customer: contract.customer,
      params: {
        contractNumber: String(contract.number),
        endDay: arabicDayText(contract.endDate),
      },
      summary: `عرض تجديد واتساب للعميل «${contract.customer.name}» على العقد رقم ${contract.number} المنتهي في ${contract.endDate}`,
    })),
  );
}
