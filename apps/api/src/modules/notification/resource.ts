import { notificationTypes } from '@idara/domain';
import { notifications } from '../../db/schema';
import { listResource } from '../../http/list-parts';

export const notificationFields = {
  _id: notifications._id,
  type: notifications.type,
  title: notifications.title,
  description: notifications.description,
  link: notifications.link,
  read: notifications.read,
  createdAt: notifications.createdAt,
};

/** The list of one user's notifications; the routes always add the recipient condition. */
export const notificationResource = listResource(notifications, notificationFields, {
  filters: {
    read: { column: notifications.read, type: 'boolean' },
    type: { column: notifications.type, type: 'enum', values: notificationTypes },
  },
  maxLimit: 100,
});
