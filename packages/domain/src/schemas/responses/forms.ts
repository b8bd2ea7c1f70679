import { z } from 'zod';
import { formFieldTypes } from '../../forms';
import { dateTimeOut, idOut, listOf, recordStamps } from './common';

/** A field of a form version as stored (packages/domain forms.ts `FormField`). */
export const formFieldOut = z.object({
  key: z.string(),
  type: z.enum(formFieldTypes),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  min: z.number().nullable(),
  max: z.number().nullable(),
  placeholder: z.string(),
  help: z.string(),
});

/** A form as lists show it. `version` is the fields' version, `rowVersion` the edit version (ETag). */
export const formRowOut = z
  .object({
    _id: idOut,
    title: z.string(),
    description: z.string(),
    active: z.boolean(),
    version: z.number().int(),
    rowVersion: z.number().int(),
    fieldCount: z.number().int(),
    createdBy: idOut.nullable(),
    ...recordStamps,
    /** Tasks that carry this form. */
    taskCount: z.number().int(),
  })
  .meta({ id: 'FormRow' });
export type FormRow = z.output<typeof formRowOut>;
export const formListOut = listOf(formRowOut);

/** `GET /api/form/:id` (and every write): the current version's fields and how many tasks answered it. */
export const formRecordOut = formRowOut
  .extend({
    fields: z.array(formFieldOut),
    submissionCount: z.number().int(),
    /** Saving makes a new version when tasks answered the current one. */
    currentVersionAnswered: z.boolean(),
  })
  .meta({ id: 'Form' });
export type FormRecord = z.output<typeof formRecordOut>;

/** `GET /api/form/:id/versions/:version`: the fields a task answered. */
export const formVersionOut = z.object({
  version: z.number().int(),
  fields: z.array(formFieldOut),
  createdAt: dateTimeOut,
});
export type FormVersion = z.output<typeof formVersionOut>;
