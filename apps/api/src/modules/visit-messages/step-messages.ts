import { riyadhDayOf, visitTimeWindow } from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { compiledStatement, placeholder } from '../../db/fast-query';
import { customers, noticeSends, users, visits } from '../../db/schema';
import { publicOrigin } from '../../http/public-origin';
import { claim, type NoticeKind, reachableAt } from '../visit-notice/notices';
import { queueSystemTemplate } from '../whatsapp/service';
import { ratingLink, ratingToken, visitReportLink } from './links';

/** A step of a visit its customer hears of. */
export type VisitStep = 'on_the_way' | 'done';

/** What the messages need of the app: the channel they go by and the origin their links name. */
export type MessagingApp = Pick<FastifyInstance, 'config' | 'whatsapp'>;

/** The messages each step sends, in order (a done visit: its report, then the rating request). */
const messagesOf: Record<VisitStep, NoticeKind[]> = {
  on_the_way: ['visit_on_the_way'],
  done: ['visit_done', 'visit_rating'],
};

/**
 * When the customer may expect the technician: the visit's booked window when they set out before
 * it ends on its day, otherwise soon (a late visit promises no window it has already missed).
 */
export function arrivalEstimate(at: Date, scheduledAt: Date, durationMinutes: number) {
  const end = scheduledAt.getTime() + durationMinutes * 60_000;
  return riyadhDayOf(at) === riyadhDayOf(scheduledAt) && at.getTime() < end
    ? visitTimeWindow(scheduledAt, durationMinutes)
    : 'خلال وقت قصير';
}

const stepVisit = {
  _id: visits._id,
  number: visits.number,
  scheduledAt: visits.scheduledAt,
  durationMinutes: visits.durationMinutes,
  assignees: visits.assignees,
  customerId: customers._id,
  customerName: customers.name,
  phoneNumber: customers.phoneNumber,
  whatsappNumber: customers.whatsappNumber,
  optOuts: customers.messageOptOuts,
};
const visitWithCustomer = compiledStatement(stepVisit, (tx) =>
  tx
    .select(stepVisit)
    .from(visits)
    .innerJoin(customers, eq(customers._id, visits.customer))
    .where(eq(visits._id, sql.placeholder('visit'))),
);

/** The claim pointed at the message it queued. */
const pointClaim = compiledStatement({}, (tx) =>
  tx
    .update(noticeSends)
    .set({ message: placeholder<string>('message') })
    .where(eq(noticeSends._id, sql.placeholder('claim'))),
);

async function loadVisit(tx: Tx, visitId: string) {
  const [found] = await visitWithCustomer(tx, { visit: visitId });
  if (!found) return undefined;
  const { customerId, customerName, phoneNumber, whatsappNumber, optOuts, ...visit } = found;
  return {
    ...visit,
    customer: { _id: customerId, name: customerName, phoneNumber, whatsappNumber, optOuts },
  };
}

const teamName = { _id: users._id, name: users.name };
const namesOf = compiledStatement(teamName, (tx) =>
  tx
    .select(teamName)
    .from(users)
    .where(sql`${users._id} = any(${sql.placeholder('ids')}::uuid[])`),
);

async function technicianNames(tx: Tx, assignees: string[], actorId: string) {
  const ids = assignees.length ? assignees : [actorId];
  const rows = await namesOf(tx, { ids });
  const names = ids.map((id) => rows.find((r) => r._id === id)?.name).filter(Boolean);
  return names.length ? names.join(' و') : 'فريقنا';
}

/**
 * Queues the customer's WhatsApp template messages for a visit's step, in the caller's transaction
 * (with its activity row): on the way, the technician's name and the arrival estimate; done, the
 * visit's report as a document, then the rating request with its buttons and signed link. Each is
 * claimed once per visit (`notice_sends`, unique kind and subject), so a phone retrying the step, a
 * replay or two racing calls queue it once; a customer with no number, or who declined that kind
 * of message (`customers.message_opt_outs`), gets none. Kept in the
 * outbox when WhatsApp is not configured.
 */
export async function queueVisitStepMessage(
  tx: Tx,
  input: { visitId: string; step: VisitStep; actorId: string; at: Date },
  app: MessagingApp,
): Promise<void> {
  const visit = await loadVisit(tx, input.visitId);
  if (!visit) return;
  const phone = reachableAt(visit.customer);
  if (!phone) return;
  const origin = publicOrigin(app.config);
  const customerName = visit.customer.name;
  const visitNumber = String(visit.number);
  for (const kind of messagesOf[input.step]) {
    // Declined by the customer: not sent, and not claimed (were they to opt in again, the next step tells).
    if (visit.customer.optOuts.includes(kind)) continue;
    const claimed = await claim(tx, kind, visit._id, input.at);
    if (!claimed) continue;
    const message = await (async (): Promise<{ params: Record<string, string>; summary: string }> => {
      if (kind === 'visit_on_the_way')
        return {
          params: {
            customerName,
            visitNumber,
            technicianName: await technicianNames(tx, visit.assignees, input.actorId),
            arrival: arrivalEstimate(input.at, visit.scheduledAt, visit.durationMinutes),
          },
          summary: `إشعار واتساب للعميل «${customerName}» بأن الفني في الطريق إلى الزيارة رقم ${visitNumber}`,
        };
      if (kind === 'visit_done')
        return {
          params: {
            customerName,
            visitNumber,
            reportLink: await visitReportLink(tx, origin, visit._id),
            reportFileName: `تقرير الزيارة ${visitNumber}.pdf`,
          },
          summary: `تقرير الزيارة رقم ${visitNumber} إلى العميل «${customerName}» عبر واتساب`,
        };
      const token = await ratingToken(tx, visit._id);
      return {
        params: { customerName, visitNumber, link: ratingLink(origin, token), ratingToken: token },
        summary: `طلب تقييم الزيارة رقم ${visitNumber} من العميل «${customerName}» عبر واتساب`,
      };
    })();
    const row = await queueSystemTemplate(tx, app.whatsapp.channel, {
      customer: visit.customer._id,
      phone,
      template: kind,
      ...message,
    });
    await pointClaim(tx, { claim: claimed, message: row._id });
  }
}
