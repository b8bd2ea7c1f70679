import {
  type ListPage,
  NOTIFICATION_CENTRE_LIMIT,
  type NotificationItem,
  type NotificationType,
} from '@idara/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** `GET /api/notification` answer (spec §7): the signed-in user's own notifications. */
export type NotificationList = ListPage<NotificationItem>;

export interface NotificationFilters {
  /** Only unread ones when true. */
  unread: boolean;
  type: NotificationType | null;
}

/** The full page loads 20 at a time ("تحميل المزيد"). */
export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notification'] as const,
  centre: ['notification', 'centre'] as const,
  unreadCount: ['notification', 'unreadCount'] as const,
  pages: ['notification', 'page'] as const,
  page: (filters: NotificationFilters) => ['notification', 'page', filters] as const,
};

const NEWEST_FIRST = '-createdAt';

export function fetchNotifications(
  page: number,
  limit: number,
  filters?: NotificationFilters,
  options: { stopAlert?: boolean; signal?: AbortSignal } = {},
): Promise<NotificationList> {
  return api('/api/notification', {
    query: {
      limit,
      page,
      sort: NEWEST_FIRST,
      read: filters?.unread ? 'false' : undefined,
      type: filters?.type ?? undefined,
    },
    ...options,
  });
}

/** The centre: latest 5, newest first (spec §2, §9). Background data, so no error toasts. */
export const centreQuery = queryOptions({
  queryKey: notificationKeys.centre,
  queryFn: ({ signal }) =>
    fetchNotifications(1, NOTIFICATION_CENTRE_LIMIT, undefined, { stopAlert: true, signal }),
});

/** `GET /api/notification/unreadCount` → a bare number. */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount,
  queryFn: async ({ signal }) => {
    const n = await api('/api/notification/unreadCount', { stopAlert: true, signal });
    return Number.isFinite(Number(n)) ? Math.max(0, Number(n)) : 0;
  },
});

/** Read/unread failures are silently ignored (spec §8): no toast, no retry. */
export const putRead = (id: string) =>
  api(`/api/notification/read/${encodeURIComponent(id)}`, {
    method: 'PUT',
    stopAlert: true,
    retry: 0,
  });
export const putUnread = (id: string) =>
  api(`/api/notification/unread/${encodeURIComponent(id)}`, {
    method: 'PUT',
    stopAlert: true,
    retry: 0,
  });
export const postReadAll = () => api('/api/notification/readall', { method: 'POST' });
export const postUnreadAll = () => api('/api/notification/unreadall', { method: 'POST' });
export const deleteOne = (id: string) =>
  api(`/api/notification/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const deleteAllNotifications = () => api('/api/notification/deleteAll', { method: 'DELETE' });
