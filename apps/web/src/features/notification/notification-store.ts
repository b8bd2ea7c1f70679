import { NOTIFICATION_CENTRE_LIMIT, type NotificationItem } from '@idara/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { notify } from '../../lib/toast';
import {
  deleteAllNotifications,
  deleteOne,
  type NotificationList,
  notificationKeys,
  postReadAll,
  postUnreadAll,
  putRead,
  putUnread,
  unreadCountQuery,
} from './notification-api';

/**
 * The notifications store: the TanStack Query caches of the centre (latest 5), the unread counter
 * and the full page's lists, kept in step by the counter arithmetic of spec §4:
 * read → −1, unread → +1, mark all read → 0, mark all unread → the server's total,
 * a pushed notification goes on top and raises both counters (the total and the unread one).
 */

type PageData = InfiniteData<NotificationList, number>;

const getCentre = () => queryClient.getQueryData<NotificationList>(notificationKeys.centre);
const getUnread = () => queryClient.getQueryData<number>(notificationKeys.unreadCount);

function setUnread(update: (n: number) => number): void {
  queryClient.setQueryData<number>(notificationKeys.unreadCount, (n) =>
    n === undefined ? n : Math.max(0, update(n)),
  );
}

function mapCentre(update: (list: NotificationList) => NotificationList): void {
  queryClient.setQueryData<NotificationList>(notificationKeys.centre, (list) => (list ? update(list) : list));
}

function mapPages(update: (list: NotificationList) => NotificationList): void {
  queryClient.setQueriesData<PageData>({ queryKey: notificationKeys.pages }, (data) =>
    data ? { ...data, pages: data.pages.map(update) } : data,
  );
}

/** Applies a change to the item with `id` wherever it is cached. */
function patchItem(id: string, patch: Partial<NotificationItem>): void {
  const update = (list: NotificationList): NotificationList => ({
    ...list,
    data: list.data.map((n) => (n._id === id ? { ...n, ...patch } : n)),
  });
  mapCentre(update);
  mapPages(update);
}

function patchEvery(patch: Partial<NotificationItem>): void {
  const update = (list: NotificationList): NotificationList => ({
    ...list,
    data: list.data.map((n) => ({ ...n, ...patch })),
  });
  mapCentre(update);
  mapPages(update);
}

/** The cached copy of a notification (its `read` may be newer than the caller's). */
function cached(id: string): NotificationItem | undefined {
  const inCentre = getCentre()?.data.find((n) => n._id === id);
  if (inCentre) return inCentre;
  for (const [, data] of queryClient.getQueriesData<PageData>({ queryKey: notificationKeys.pages })) {
    for (const page of data?.pages ?? []) {
      const hit = page.data.find((n) => n._id === id);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Listeners told when a change moved items between pages (the full page refetches before "load more"). */
const shiftListeners = new Set<() => void>();
export function onListShift(listener: () => void): () => void {
  shiftListeners.add(listener);
  return () => {
    shiftListeners.delete(listener);
  };
}
const shifted = () => {
  for (const l of shiftListeners) l();
};

/** Marks one read: the counter falls by 1. Failures are silently ignored (spec §8). */
export function markRead(item: NotificationItem): void {
  const current = cached(item._id) ?? item;
  if (current.read) return;
  patchItem(item._id, { read: true });
  setUnread((n) => n - 1);
  shifted();
  putRead(item._id).catch(() => {});
}

/** Marks one unread: the counter rises by 1. Failures are silently ignored (spec §8). */
export function markUnread(item: NotificationItem): void {
  const current = cached(item._id) ?? item;
  if (!current.read) return;
  patchItem(item._id, { read: false });
  setUnread((n) => n + 1);
  shifted();
  putUnread(item._id).catch(() => {});
}

/** A row's read/unread toggle: marks an unread one read, a read one unread. */
export function toggleRead(item: NotificationItem): void {
  if (item.read) markUnread(item);
  else markRead(item);
}

/** Marks all read: the counter becomes 0. */
export async function markAllRead(): Promise<void> {
  const res = await postReadAll();
  patchEvery({ read: true });
  queryClient.setQueryData<number>(notificationKeys.unreadCount, 0);
  shifted();
  notify.success(res?.message || 'تم تحديد كل الإشعارات كمقروءة');
}

/** Marks all unread: the counter returns to the server's total of notifications. */
export async function markAllUnread(): Promise<void> {
  const res = await postUnreadAll();
  patchEvery({ read: false });
  const centre = getCentre();
  const total = centre?.totalIsCapped ? undefined : centre?.total;
  if (total !== undefined) queryClient.setQueryData<number>(notificationKeys.unreadCount, total);
  else void queryClient.invalidateQueries({ queryKey: unreadCountQuery.queryKey });
  shifted();
  notify.success(res?.message || 'تم تحديد كل الإشعارات كغير مقروءة');
}

/** Deletes one: out of every list, the total falls by 1 and, if it was unread, the counter too. */
export async function removeNotification(item: NotificationItem): Promise<void> {
  const res = await deleteOne(item._id);
  const wasUnread = !(cached(item._id) ?? item).read;
  const drop = (list: NotificationList): NotificationList => {
    const data = list.data.filter((n) => n._id !== item._id);
    return data.length === list.data.length ? list : { ...list, data, total: Math.max(0, list.total - 1) };
  };
  mapCentre(drop);
  mapPages(drop);
  if (wasUnread) setUnread((n) => n - 1);
  shifted();
  // The centre shows the latest 5: fetch the one that moves up into it.
  void queryClient.invalidateQueries({ queryKey: notificationKeys.centre });
  notify.success(res?.message || 'تم حذف الإشعار');
}

/** Deletes all: every list empties and both counters become 0. */
export async function removeAllNotifications(): Promise<void> {
  const res = await deleteAllNotifications();
  const empty = (list: NotificationList): NotificationList => ({ ...list, data: [], total: 0 });
  mapCentre(empty);
  queryClient.setQueriesData<PageData>({ queryKey: notificationKeys.pages }, (data) =>
    data ? { pages: data.pages.slice(0, 1).map(empty), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  queryClient.setQueryData<number>(notificationKeys.unreadCount, 0);
  notify.success(res?.message || 'تم حذف كل الإشعارات');
}

/**
 * A pushed notification: on top of the centre (still 5 at most) and both counters up by one.
 * Returns false for one already held (a repeated push changes nothing).
 */
export function receiveNotification(item: NotificationItem): boolean {
  if (getCentre()?.data.some((n) => n._id === item._id)) return false;
  const centreState = queryClient.getQueryState(notificationKeys.centre);
  if (centreState?.fetchStatus === 'fetching') {
    // An answer on its way may predate this one: ask again rather than guess.
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all, exact: false });
    return true;
  }
  mapCentre((list) => ({
    ...list,
    data: [item, ...list.data].slice(0, NOTIFICATION_CENTRE_LIMIT),
    total: list.total + 1,
  }));
  if (!item.read && getUnread() !== undefined) setUnread((n) => n + 1);
  // The full page (if open) shows it on top too; its later pages move down by one.
  void queryClient.invalidateQueries({ queryKey: notificationKeys.pages });
  return true;
}

/** After a reconnect: fetch again what may have been pushed while offline. */
export function refetchNotifications(): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
