import { z } from 'zod';
import { notificationTypes } from '../../notifications';
import { dateTimeOut, idOut, listOf } from './common';

/** One notification (the list's row and the realtime `notification` event). */
export const notificationOut = z
  .object({
    _id: idOut,
    type: z.enum(notificationTypes),
    title: z.string(),
    description: z.string(),
    /** In-app path of the record it is about, or ''. */
    link: z.string(),
    read: z.boolean(),
    createdAt: dateTimeOut,
  })
  .meta({ id: 'Notification' });
export const notificationListOut = listOf(notificationOut);
/** `GET /api/notification/unreadCount`: a bare number. */
export const unreadCountOut = z.number().int();
