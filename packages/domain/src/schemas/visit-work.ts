import { z } from 'zod';
import { entities } from '../entities';
import { visitStatuses } from '../visits';
import { isoDateTime } from './dates';
import { dayInput } from './fields';
import { dateTimeOut, idOut } from './responses/common';
import { formFieldOut } from './responses/forms';

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

/** `POST /api/visit/:id/answers`: some of the checklist's answers (photos and the signature are uploads). */
export const visitAnswersBody = z.object({
  ...deviceActionFields,
  answers: z.record(z.string(), z.unknown(), { message: 'أرسل الإجابات' }),
});

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

/** `GET /api/visit/mine?from=YYYY-MM-DD&days=N`: from a Riyadh day (today when absent), 1–7 days (2). */
export const myVisitsQuery = z.object({
  from: dayInput('يوم البداية').optional(),
  days: z.coerce
    .number({ message: 'عدد الأيام غير صالح' })
    .int({ message: 'عدد الأيام غير صالح' })
    .min(1, { message: 'عدد الأيام من 1 إلى 7' })
    .max(7, { message: 'عدد الأيام من 1 إلى 7' })
    .default(2),
});

const answerValueOut = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
/** A visit's answers: each field's latest. */
const visitAnswersOut = z.record(z.string(), answerValueOut);

/** What of a customer a technician's visit needs: who, how to reach them, where (the national address). */
const workCustomerOut = z.object({
  _id: idOut,
  name: z.string(),
  phoneNumber: z.string(),
  whatsappNumber: z.string(),
  buildingNumber: z.string(),
  street: z.string(),
  district: z.string(),
  postalCode: z.string(),
  additionalNumber: z.string(),
  cityName: z.string().nullable(),
});

const workEquipmentOut = z.object({
  _id: idOut,
  name: z.string(),
  serialNumber: z.string(),
  model: z.string(),
  installedAt: z.string().nullable(),
  warrantyUntil: z.string().nullable(),
  notes: z.string(),
});

/** A stored photo, file or signature of the visit; `url` reads it (`GET /api/visit/:id/files/:fileId`). */
export const visitFileOut = z
  .object({
    _id: idOut,
    field: z.string(),
    name: z.string(),
    type: z.string(),
    size: z.number().int(),
    url: z.string(),
    createdAt: dateTimeOut,
  })
  .meta({ id: 'VisitFile' });

let built: ReturnType<typeof build> | undefined;
function build() {
  const visit = entities.visit.record;
  return {
    /** The step's answer: the visit after it, and the action (null for the office's step). */
    stepOut: z.object({ visit, action: visitActionOut.nullable() }).meta({ id: 'VisitStep' }),
    /** The answers after the phone's: each field's latest, and the action. */
    answersOut: z.object({ answers: visitAnswersOut, action: visitActionOut }).meta({ id: 'VisitAnswers' }),
    /** The technician's working set: everything the phone keeps to work the coming days offline. */
    mineOut: z
      .object({
        serverTime: dateTimeOut,
        visits: z.array(
          entities.visit.row.extend({
            customer: workCustomerOut,
            equipment: z.array(workEquipmentOut),
            lastVisit: z
              .object({
                number: z.number().int(),
                scheduledAt: dateTimeOut,
                doneAt: dateTimeOut.nullable(),
                notes: z.string(),
              })
              .nullable(),
            form: z
              .object({
                _id: idOut,
                title: z.string(),
                version: z.number().int(),
                fields: z.array(formFieldOut),
              })
              .nullable(),
            answers: visitAnswersOut,
            files: z.array(visitFileOut),
            actions: z.array(visitActionOut),
          }),
        ),
      })
      .meta({ id: 'MyVisits' }),
  };
}
/** The answers of the technician's routes, built on first use (they embed the visit's record). */
export const visitWorkOut = () => {
  built ??= build();
  return built;
};
