import {
  canMoveVisit,
  type VisitStatus,
  visitStatusLabels,
  visitStepBody,
  visitWorkOut,
} from '@idara/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { type CrudKit, type RoutesApp, writeContext } from '../../http/crud';
import { assertFreshVersion, ifMatchOf, withETag } from '../../http/edit-version';
import { AppError } from '../../http/errors';
import { guardedAny } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import { idParams } from '../../http/route-params';
import { queueVisitStepMessage } from '../visit-messages/step-messages';
import { actionOut, deviceTime, refusal, runDeviceAction } from './device-actions';
import { visitLabel } from './label';

type Row = Record<string, unknown>;
type Step = z.output<typeof visitStepBody>;

/** The values a step sets, or why it may not follow the visit's status. */
function stepValues(visit: Row, step: Step, actorId: string, at: Date): Row | string {
  const from = visit.status as VisitStatus;
  const to = step.status;
  if (!canMoveVisit(from, to))
    return `لا تنتقل الزيارة من «${visitStatusLabels[from]}» إلى «${visitStatusLabels[to]}»`;
  return {
    status: to,
    ...(to === 'done' ? { doneAt: at, doneBy: actorId } : {}),
    ...(step.note ? { notes: [visit.notes, step.note].filter(Boolean).join('\n') } : {}),
  };
}

const summary = (visit: Row, step: Step) =>
  `الزيارة «${visitLabel(visit)}»: ${visitStatusLabels[step.status]}`;

/**
 * `POST /api/visit/:id/status`: a step of the visit. The office's (`visit:update`) applies at once,
 * with If-Match. The phone's carries `clientActionId` and the device's `at` (and maybe where it
 * was): applied once — a replay, even two at once, answers the first answer again, status and body
 * — and refused with 409 and the visit as it is now when it was cancelled, given to another
 * technician, or cannot take the step any more. After an applied step the board hears of it and
 * `visit.step` is emitted (the customer's messages hang on it).
 */
export function registerVisitStep(app: RoutesApp, kit: CrudKit) {
  app.post(
    '/:id/status',
    guardedAny(['visit:update', 'visit:work'], {
      tags: ['visit'],
      params: idParams,
      body: visitStepBody,
      response: { 200: visitWorkOut().stepOut },
    }),
    async (req, reply) => {
      const step = req.body;
      const user = req.user!;
      const { write, committed } = writeContext(app.events, actorOf(req));
      const now = new Date();

      if (!step.clientActionId) {
        const ifMatch = ifMatchOf(req);
        const after = await app.db.transaction(async (tx) => {
          const before = await kit.load(tx, req.params.id, true);
          kit.assertMay(user, 'visit:update', before);
          const values = stepValues(before, step, user._id, now);
          if (typeof values === 'string') throw new AppError(409, values);
          await assertFreshVersion(tx, ifMatch, {
            entity: 'visit',
            entityId: req.params.id,
            current: Number(before.version),
          });
          const saved = await kit.saveOver(tx, before, values, write, () => summary(before, step), {
            sameReferences: true,
          });
          await tellCustomer(tx, saved, step, user._id, now);
          return saved;
        });
        committed();
        applied(after, step, user._id, now);
        withETag(reply, after);
        return { visit: after, action: null } as never;
      }

      const at = deviceTime(step.at as string, now);
      const outcome: { applied?: Row } = {};
      const answer = await runDeviceAction(
        app.db,
        kit,
        user,
        {
          clientActionId: step.clientActionId,
          visit: req.params.id,
          kind: 'status',
          status: step.status,
          actor: user._id,
          at,
          receivedAt: now,
          location: step.location ?? null,
          note: step.note ?? '',
        },
        async (tx, before, action) => {
          const values = stepValues(before, step, user._id, at);
          if (typeof values === 'string') return refusal(values, before);
          const after = await kit.saveOver(tx, before, values, write, () => summary(before, step), {
            sameReferences: true,
          });
          await tellCustomer(tx, after, step, user._id, at);
          outcome.applied = after;
          return { statusCode: 200, body: { visit: after, action: actionOut(action) } };
        },
      );
      if (outcome.applied) {
        committed();
        applied(outcome.applied, step, user._id, at);
      }
      return reply.status(answer.statusCode as 200).send(answer.body as never);
    },
  );

  /** The customer's WhatsApp message for the step, once per step and visit, in the step's transaction. */
  async function tellCustomer(tx: Tx, visit: Row, step: Step, actorId: string, at: Date) {
    if (step.status === 'on_the_way' || step.status === 'done')
      await queueVisitStepMessage(tx, { visitId: String(visit._id), step: step.status, actorId, at }, app);
  }

  /** After an applied step: the board reads again, and the step is told to whoever listens. */
  function applied(visit: Row, step: Step, actorId: string, at: Date) {
    kit.changed([String(visit._id)]);
    app.events.emit('visit.step', { visitId: String(visit._id), step: step.status, actorId, at });
  }
}
