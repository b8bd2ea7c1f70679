import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, visitRatings, visits } from '../../db/schema';
import { recordActivity } from '../../lib/activity';

export type RatingChannel = 'whatsapp' | 'link';
type RatingRow = typeof visitRatings.$inferSelect;

/** What a rating answer did: stored, or refused because the visit is rated already or not done. */
export type RatingOutcome =
  | { outcome: 'recorded'; rating: RatingRow }
  | { outcome: 'commented'; rating: RatingRow }
  | { outcome: 'already'; rating: RatingRow }
  | { outcome: 'not_done' }
  /** Not rated yet, and no score given (a comment alone). */
  | { outcome: 'no_score' };

export const COMMENT_MAX = 1000;

/** The customer as the log names them: the one who rated, not a user. */
const customerActor = (name: string) => ({
  actorId: null,
  actorName: `العميل «${name}»`,
  ip: '',
  userAgent: '',
});

/**
 * A customer's rating of a done visit, once: the first score stands (a second, by another button
 * or the page, changes nothing and is told so), and a comment may follow it once on the rating
 * page when none was given. The rating keeps the visit's team and contract for the reports, and is
 * logged on the visit, in one transaction; the unique visit keeps two racing answers to one row.
 */
export async function recordRating(
  db: DbOrTx,
  input: { visitId: string; score?: number; comment?: string; channel: RatingChannel; at?: Date },
): Promise<RatingOutcome> {
  const at = input.at ?? new Date();
  const comment = (input.comment ?? '').trim().slice(0, COMMENT_MAX);
  return db.transaction(async (tx) => {
    const [visit] = await tx
      .select({
        _id: visits._id,
        number: visits.number,
        status: visits.status,
        customer: visits.customer,
        customerContract: visits.customerContract,
        assignees: visits.assignees,
        customerName: customers.name,
      })
      .from(visits)
      .innerJoin(customers, eq(customers._id, visits.customer))
      .where(eq(visits._id, input.visitId));
    if (visit?.status !== 'done') return { outcome: 'not_done' } as const;
    const actor = customerActor(visit.customerName);
    if (input.score) {
      const [rating] = await tx
        .insert(visitRatings)
        .values({
          visit: visit._id,
          customer: visit.customer,
          customerContract: visit.customerContract,
          technicians: visit.assignees,
          score: input.score,
          comment,
          channel: input.channel,
          ratedAt: at,
          commentedAt: comment ? at : null,
        })
        .onConflictDoNothing({ target: visitRatings.visit })
        .returning();
      if (rating) {
        await recordActivity(tx, actor, {
          action: 'update',
          entity: 'visit',
          entityId: visit._id,
          summary: `قيّم العميل «${visit.customerName}» الزيارة رقم ${visit.number}: ${input.score} من 5${comment ? ` — «${comment.slice(0, 200)}»` : ''}`,
        });
        return { outcome: 'recorded', rating } as const;
      }
    }
    // Rated already: a comment is added once, where none was given; the score stays.
    const [added] = comment
      ? await tx
          .update(visitRatings)
          .set({ comment, commentedAt: at })
          .where(and(eq(visitRatings.visit, visit._id), eq(visitRatings.comment, '')))
          .returning()
      : [];
    if (added) {
      await recordActivity(tx, actor, {
        action: 'update',
        entity: 'visit',
        entityId: visit._id,
        summary: `علّق العميل «${visit.customerName}» على الزيارة رقم ${visit.number}: «${comment.slice(0, 200)}»`,
      });
      return { outcome: 'commented', rating: added } as const;
    }
    const [existing] = await tx.select().from(visitRatings).where(eq(visitRatings.visit, visit._id));
    return existing
      ? ({ outcome: 'already', rating: existing } as const)
      : ({ outcome: 'no_score' } as const);
  });
}
