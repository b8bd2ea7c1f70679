import { z } from 'zod';
import { taskStatuses } from '../../forms';
import { dateTimeOut, idOut, listOf, storedRowOut } from './common';
import { formFieldOut } from './forms';

const answerValueOut = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

/** A task as lists show it, with the joined names; `formVersion` is the pinned version's number. */
export const taskRowOut = storedRowOut('TaskRow', {
  number: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(taskStatuses),
  assignee: idOut,
  assigneeName: z.string().nullable(),
  dueAt: dateTimeOut.nullable(),
  order: idOut.nullable(),
  orderNumber: z.number().int().nullable(),
  customer: idOut.nullable(),
  customerName: z.string().nullable(),
  form: idOut.nullable(),
  formTitle: z.string().nullable(),
  formVersion: z.number().int().nullable(),
  answers: z.record(z.string(), answerValueOut),
  startedAt: dateTimeOut.nullable(),
  submittedAt: dateTimeOut.nullable(),
  reviewedAt: dateTimeOut.nullable(),
  createdBy: idOut.nullable(),
});
export type TaskRow = z.output<typeof taskRowOut>;
export const taskListOut = listOf(taskRowOut);

export const taskAttachmentOut = z.object({
  _id: idOut,
  field: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type TaskAttachment = z.output<typeof taskAttachmentOut>;

const taskReviewOut = z.object({
  note: z.string(),
  by: idOut.nullable(),
  byName: z.string().nullable(),
  at: dateTimeOut.nullable(),
});
export type TaskReview = z.output<typeof taskReviewOut>;

/** `GET /api/task/:id` (and start, answers, submit, review): what the screen needs to work on it. */
export const taskOut = taskRowOut
  .extend({
    /** The version answered, else the form's current one; null for a task without a form. */
    formVersion: z.object({ version: z.number().int(), fields: z.array(formFieldOut) }).nullable(),
    attachments: z.array(taskAttachmentOut),
    review: taskReviewOut.nullable(),
    /** What the signed-in user may do now (the server decides). */
    can: z.object({ work: z.boolean(), review: z.boolean(), edit: z.boolean() }),
  })
  .meta({ id: 'Task' });
export type Task = z.output<typeof taskOut>;

/** `POST /api/task/assign`. */
export const taskAssignOut = z.object({ message: z.string(), count: z.number().int() });
export type TaskAssignAnswer = z.output<typeof taskAssignOut>;
