import { entityNouns } from '@idara/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { compiledStatement, placeholder } from '../../db/fast-query';
import { activity, visitActions } from '../../db/schema';
import type { CrudKit } from '../../http/crud';
import { AppError, notFound } from '../../http/errors';

type Row = Record<string, unknown>;

/** An answer as it went out: given again, as it was, to every replay of its action. */
export interface DeviceAnswer {
  statusCode: number;
  body: Row;
}

export type ClaimedAction =
  | { id: string; row: typeof visitActions.$inferSelect; replay?: undefined }
  | { id?: undefined; replay: DeviceAnswer };

/** A phone's action as claimed: a step names its status, and may carry where the phone was and a note. */
type ActionValues = Pick<
  typeof visitActions.$inferInsert,
  'clientActionId' | 'visit' | 'kind' | 'actor' | 'at' | 'receivedAt' | 'status' | 'location' | 'note'
>;

const claimed = getTableColumns(visitActions);
/** The claim's insert, every action the same shape (compiled once). */
const insertClaim = compiledStatement(claimed, (tx) =>
  tx
    .insert(visitActions)
    .values({
      clientActionId: sql.placeholder('clientActionId'),
      visit: sql.placeholder('visit'),
      kind: sql.placeholder('kind'),
      status: sql.placeholder('status'),
      actor: sql.placeholder('actor'),
      at: sql.placeholder('at'),
      receivedAt: sql.placeholder('receivedAt'),
      location: sql.placeholder('location'),
      note: sql.placeholder('note'),
    })
    .onConflictDoNothing({ target: visitActions.clientActionId })
    .returning(claimed),
);

/**
 * Takes a phone's action for this transaction, or finds it taken. The row is inserted first and its
 * `client_action_id` is unique: a second request with the same id waits on the first's row until
 * the first commits (PostgreSQL) or runs after it (the embedded database runs one transaction at a
 * time), then finds it with its answer — so an action applies once however many times, and however
 * many at once, it is sent. The same id for another visit, kind or person is refused.
 */
export async function claimAction(tx: Tx, values: ActionValues): Promise<ClaimedAction> {
  const [inserted] = await insertClaim(tx, {
    ...values,
    status: values.status ?? null,
    location: values.location ?? null,
    note: values.note ?? '',
  });
  if (inserted) return { id: inserted._id, row: inserted };
  const [first] = await tx
    .select()
    .from(visitActions)
    .where(eq(visitActions.clientActionId, values.clientActionId));
  if (
    !first ||
    first.visit !== values.visit ||
    first.kind !== values.kind ||
    first.actor !== values.actor ||
    first.answerStatus === null
  )
    throw new AppError(409, 'معرّف الإجراء مستخدم لإجراء آخر؛ أرسل الإجراء بمعرّف جديد');
  return { replay: { statusCode: first.answerStatus, body: first.answer as Row } };
}

const keepAnswer = compiledStatement({}, (tx) =>
  tx
    .update(visitActions)
    .set({ answerStatus: placeholder<number>('statusCode'), answer: placeholder<Row>('body') })
    .where(eq(visitActions._id, sql.placeholder('id'))),
);

/** Keeps the action's answer for its replays (in the transaction that claimed it). */
export async function settleAction(tx: Tx, id: string, answer: DeviceAnswer) {
  await keepAnswer(tx, { id, statusCode: answer.statusCode, body: answer.body });
}

/** Whether the visit's team once had `userId` (the log keeps each team it had before a change). */
export async function wasAssigned(tx: Tx, visitId: string, userId: string) {
  const [row] = await tx
    .select({ _id: activity._id })
    .from(activity)
    .where(
      and(
        eq(activity.entity, 'visit'),
        eq(activity.entityId, visitId),
        sql`${activity.changes}->'before'->'assignees' @> jsonb_build_array(${userId}::text)`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the phone's action may still be taken on the visit as the server has it now: null, or
 * the 409 saying why with the visit as it is. A visit that was never the caller's is 404 (thrown),
 * as on every visit route; one taken from them since the phone loaded it is a refusal that says so.
 */
export async function staleRefusal(
  tx: Tx,
  visit: Row,
  user: { _id: string; permissions: readonly string[] },
): Promise<DeviceAnswer | null> {
  const theirs = (visit.assignees as string[]).includes(user._id);
  if (!theirs && !user.permissions.includes('visit:update')) {
    if (!(await wasAssigned(tx, String(visit._id), user._id))) throw notFound(entityNouns.visit);
    return refusal('أُسندت هذه الزيارة إلى فني آخر بعد تحميلها على الجهاز', visit);
  }
  if (visit.status === 'cancelled') return refusal('أُلغيت هذه الزيارة بعد تحميلها على الجهاز', visit);
  return null;
}

export const refusal = (message: string, visit: Row): DeviceAnswer => ({
  statusCode: 409,
  body: { message, visit },
});

/**
 * One action from the phone, in one transaction: claimed (a replay answers its first answer, and
 * `fresh` is false), the visit locked and checked as the server has it now (404 when never the
 * caller's; 409 kept for replays when cancelled or given to another since), then `work` answers.
 * Whatever it answers is kept for the action's replays; an error it throws (a 422) keeps nothing.
 */
export async function runDeviceAction(
  db: Db,
  kit: CrudKit,
  user: { _id: string; permissions: readonly string[] },
  claim: ActionValues,
  work: (tx: Tx, visit: Row, action: typeof visitActions.$inferSelect) => Promise<DeviceAnswer>,
): Promise<DeviceAnswer & { fresh: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await claimAction(tx, claim);
    if (claimed.replay) return { ...claimed.replay, fresh: false };
    const visit = await kit.load(tx, claim.visit, true);
    // The claimed row as inserted: a round trip fewer for each of a phone's actions.
    const answer = (await staleRefusal(tx, visit, user)) ?? (await work(tx, visit, claimed.row));
    await settleAction(tx, claimed.id, answer);
    return { ...answer, fresh: true };
  });
}

/** The device's time of an action, never later than the server's (a phone's clock may run ahead). */
export const deviceTime = (at: string, now: Date) =>
  new Date(Math.min(new Date(at).getTime(), now.getTime()));

/** The action as answers show it. */
export const actionOut = (row: typeof visitActions.$inferSelect) => ({
  clientActionId: row.clientActionId,
  kind: row.kind,
  status: row.status,
  at: row.at,
  receivedAt: row.receivedAt,
  location: row.location,
});
