import { readRatingPayload } from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { visits } from '../../db/schema';
import { queueMessage } from '../whatsapp/service';
import { readRatingToken } from './links';
import { recordRating } from './ratings';

const thanks = 'شكراً لتقييمك! سجّلناه، ويسعدنا أن تضيف تعليقك من رابط التقييم في الرسالة السابقة.';

/**
 * A rating request's reply button tapped on WhatsApp: the payload's signed token names the visit,
 * and only that visit's customer may answer it (a forwarded message rates nothing). The first
 * score is kept and thanked once in the conversation (the customer just wrote, so the service
 * window is open); a second tap changes nothing. Answers whether the message was a rating.
 */
export async function answerRatingButton(
  app: FastifyInstance,
  reply: { payload: unknown; customer: string | null; phone: string },
) {
  const answer = readRatingPayload(reply.payload);
  if (!answer) return false;
  const visitId = await readRatingToken(app.db, answer.token);
  if (!visitId || visitId === 'expired' || !reply.customer) return true;
  const [visit] = await app.db
    .select({ customer: visits.customer })
    .from(visits)
    .where(eq(visits._id, visitId));
  if (visit?.customer !== reply.customer) return true;
  const result = await recordRating(app.db, { visitId, score: answer.score, channel: 'whatsapp' });
  if (result.outcome !== 'recorded') return true;
  await queueMessage(app.db, app.whatsapp.channel, {
    customer: reply.customer,
    phone: reply.phone,
    kind: 'text',
    body: thanks,
    purpose: 'conversation',
    // One thanks per rating (its id), however often Meta delivers the webhook.
    idempotencyKey: result.rating._id,
    sentBy: null,
  });
  app.whatsapp.dispatcher?.kick();
  return true;
}
