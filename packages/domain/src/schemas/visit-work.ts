import { z } from 'zod';
import { entities } from '../entities';
import { visitStatuses } from '../visits';
import { isoDateTime } from './dates';
import { dateTimeOut, idOut } from './responses/common';

/**
 * What a technician's phone sends and gets back (docs/API.md «A technician's work»): each action
 * carries the phone's own id for it (`clientActionId`, a uuid) and the device's time, so the server
 * applies it once however often it is sent.
 */
const deviceLocation = z.object({
  lat: z.number({ message: 'خط العرض غير صالح' }).min(-90).max(90),
  lng: z.number({ message: 'خط الطول غير صالح' }).min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
});

const clientActionId = z.uuid({ message: 'معرّف الإجراء غير صالح' });

/** The id and time every action from the phone carries. */
export const deviceActionFields = { clientActionId, at: isoDateTime };

/** `POST /api/visit/:id/status`: the office's step (status, note) or the phone's (with clientActionId and at). */
export const visitStepBody = z
  .object({
    status: z.enum(visitStatuses, { message: 'حالة الزيارة غير معروفة' }),
    note: z.string().trim().max(500).optional(),
    clientActionId: clientActionId.optional(),
    at: isoDateTime.optional(),
    location: deviceLocation.nullable().optional(),
  })
  .refine((b) => !b.clientActionId || b.at, { message: 'أرسل وقت الإجراء على الجهاز', path: ['at'] });

/** One action the server applied from the phone, with the device's time and its own. */
export const visitActionOut = z
  .object({
    clientActionId: idOut,
    kind: z.enum(['status', 'answers', 'upload']),
    status: z.enum(visitStatuses).nullable(),
    at: dateTimeOut,
    receivedAt: dateTimeOut,
    location: deviceLocation.nullable(),
  })
  .meta({ id: 'VisitAction' });
export type VisitAction = z.output<typeof visitActionOut>;

let built: ReturnType<typeof build> | undefined;
function build() {
  const visit = entities.visit.record;
  return {
    /** The step's answer: the visit after it, and the action (null for the office's step). */
    stepOut: z.object({ visit, action: visitActionOut.nullable() }).meta({ id: 'VisitStep' }),
  };
}
/** The answers of the technician's routes, built on first use (they embed the visit's record). */
export const visitWorkOut = () => {
  built ??= build();
  return built;
};
