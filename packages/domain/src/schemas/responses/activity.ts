import { z } from 'zod';
import { dateTimeOut, idOut, listOf } from './common';

/** One activity-log row: who did what to which record, with the changed fields. */
export const activityOut = z
  .object({
    _id: idOut,
    actor: idOut.nullable(),
    actorName: z.string(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    summary: z.string(),
    /** Only the changed fields, before and after (never secrets). */
    changes: z
      .looseObject({
        before: z.record(z.string(), z.unknown()).nullable().optional(),
        after: z.record(z.string(), z.unknown()).nullable().optional(),
      })
      .nullable(),
    ip: z.string(),
    userAgent: z.string(),
    createdAt: dateTimeOut,
  })
  .meta({ id: 'Activity' });
export type ActivityRow = z.output<typeof activityOut>;
export const activityListOut = listOf(activityOut);
