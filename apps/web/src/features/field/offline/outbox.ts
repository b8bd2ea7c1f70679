import type { Answers, Visit, VisitStatus } from '@idara/domain';
import type { ActionOutcome, DeviceLocation, FieldVisit } from '../field-api';
import type { FieldDb, OutboxAction, StoredVisit } from './field-db';

/**
 * The outbox: every action the technician takes is written here first (with a client action id
 * the server uses to apply it once) and laid over the visit on the device at once; `replayOutbox`
 * sends them in the order they were taken. A refusal (409) drops the action and keeps the
 * server's state and reason on the visit; no network keeps the rest, in order, for the next try.
 */

const newActionId = () => crypto.randomUUID();

/** A queued action's effect on the visit as the phone shows it until the server answers. */
function applyLocally(visit: StoredVisit, action: OutboxAction): StoredVisit {
  if (action.kind === 'status') return { ...visit, status: action.body.status };
  return { ...visit, answers: { ...visit.answers, ...action.body.answers } };
}

/** The server's copy of a visit with this device's unsent actions on it. */
export function overlay(visit: StoredVisit, queued: readonly OutboxAction[]): StoredVisit {
  return queued.filter((a) => a.visitId === visit._id).reduce(applyLocally, visit);
}

async function enqueue(db: FieldDb, action: OutboxAction): Promise<void> {
  await db.transaction('rw', db.outbox, db.visits, async () => {
    await db.outbox.add(action as OutboxAction & { seq: number });
    const visit = await db.visits.get(action.visitId);
    if (visit) await db.visits.put({ ...applyLocally(visit, action), refusal: undefined });
  });
}

/** A status step (on the way, arrived, started, done) with the device's time and position. */
export function queueStatus(
  db: FieldDb,
  visitId: string,
  status: VisitStatus,
  location?: DeviceLocation,
  at = new Date(),
): Promise<void> {
  return enqueue(db, {
    visitId,
    kind: 'status',
    body: { status, clientActionId: newActionId(), at: at.toISOString(), ...(location ? { location } : {}) },
    createdAt: new Date().toISOString(),
  });
}

/** The checklist's answers as they stand (answers are append-only on the server). */
export function queueAnswers(db: FieldDb, visitId: string, answers: Answers, at = new Date()): Promise<void> {
  return enqueue(db, {
    visitId,
    kind: 'answers',
    body: { clientActionId: newActionId(), at: at.toISOString(), answers },
    createdAt: new Date().toISOString(),
  });
}

/** Lays the server's visit (an answer or a refusal) over the stored one, keeping what the phone adds. */
async function takeServerVisit(db: FieldDb, visitId: string, server: Visit | undefined, refusal?: string) {
  const stored = await db.visits.get(visitId);
  if (!stored) return;
  const rest = await db.outbox.where('visitId').equals(visitId).sortBy('seq');
  // The server's row names the customer, the equipment and the form by id: the stored copies stay.
  const { customer: _c, equipment: _e, form: _f, ...row } = server ?? ({} as Partial<Visit>);
  const merged: StoredVisit = { ...stored, ...row };
  await db.visits.put({
    ...overlay(merged, rest),
    refusal: refusal ? { message: refusal, at: new Date().toISOString() } : stored.refusal,
  });
}

export interface ReplayResult {
  sent: number;
  refused: number;
  /** Why the replay stopped before the outbox was empty (no network, a failing server). */
  stoppedBy?: string;
}

/**
 * Sends the outbox in order, one action at a time, until it is empty or an action must wait.
 * `send` is the network (field-api.ts `sendAction`; a fake in the tests).
 */
export async function replayOutbox(
  db: FieldDb,
  send: (action: OutboxAction) => Promise<ActionOutcome>,
): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, refused: 0 };
  for (;;) {
    const next = await db.outbox.orderBy('seq').first();
    if (!next) return result;
    const outcome = await send(next);
    if (outcome.kind === 'retry') return { ...result, stoppedBy: outcome.message };
    await db.transaction('rw', db.outbox, db.visits, async () => {
      await db.outbox.delete(next.seq);
      if (outcome.kind === 'applied') await takeServerVisit(db, next.visitId, outcome.visit);
      else
        await takeServerVisit(
          db,
          next.visitId,
          outcome.kind === 'refused' ? outcome.visit : undefined,
          outcome.message,
        );
    });
    if (outcome.kind === 'applied') result.sent++;
    else result.refused++;
  }
}

/**
 * Replaces the stored working set with the server's, the unsent actions laid over it. A visit the
 * server no longer lists (cancelled, reassigned) stays while it carries a refusal, so the
 * technician sees why it went.
 */
export async function storeWorkingSet(db: FieldDb, visits: readonly FieldVisit[]): Promise<void> {
  await db.transaction('rw', [db.outbox, db.visits, db.uploads], async () => {
    const queued = await db.outbox.orderBy('seq').toArray();
    const stored = await db.visits.toArray();
    const kept = stored.filter((v) => v.refusal && !visits.some((n) => n._id === v._id));
    const previous = new Map(stored.map((v) => [v._id, v]));
    const next: StoredVisit[] = [
      ...visits.map((v) => ({ ...overlay(v, queued), refusal: previous.get(v._id)?.refusal })),
      ...kept,
    ];
    const listed = new Set(next.map((v) => v._id));
    // Only what changed is written: a round that brings nothing new (most of them, every 30 s)
    // writes nothing, and the day on screen is not drawn again.
    const gone = stored.filter((v) => !listed.has(v._id)).map((v) => v._id);
    const changed = next.filter((v) => JSON.stringify(previous.get(v._id)) !== JSON.stringify(v));
    if (gone.length) await db.visits.bulkDelete(gone);
    if (changed.length) await db.visits.bulkPut(changed);
    await db.uploads.filter((u) => !!u.sentAt && !listed.has(u.visitId)).delete();
  });
}

/** The technician has read a refusal: it goes (and the visit with it when the server no longer lists it). */
export async function dismissRefusal(db: FieldDb, visitId: string): Promise<void> {
  const visit = await db.visits.get(visitId);
  if (!visit) return;
  if (visit.status === 'cancelled') await db.visits.delete(visitId);
  else await db.visits.put({ ...visit, refusal: undefined });
}
