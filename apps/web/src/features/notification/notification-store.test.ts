import { NOTIFICATION_CENTRE_LIMIT, type NotificationItem } from '@idara/domain';
import {
  type InfiniteData,
  InfiniteQueryObserver,
  type QueryKey,
  QueryObserver,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { type LiveApi, startLiveApi, until } from '../../test/live-api';
import {
  centreQuery,
  fetchNotifications,
  NOTIFICATION_PAGE_SIZE,
  type NotificationFilters,
  type NotificationList,
  notificationKeys,
  unreadCountQuery,
} from './notification-api';
import {
  markAllRead,
  markAllUnread,
  markRead,
  markUnread,
  onListShift,
  receiveNotification,
  refetchNotifications,
  removeAllNotifications,
  removeNotification,
} from './notification-store';

let live: LiveApi;
let adminToken: string;
let salesToken: string;
let phoneSeq = 0;

/** Another user adds customers: the admin (the web client's user) is told of each, after commit. */
async function notifyAdmin(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await live.t.inject({
      method: 'POST',
      url: '/api/customer',
      token: salesToken,
      payload: { name: `عميل ${++phoneSeq}`, phoneNumber: `05544${String(phoneSeq).padStart(5, '0')}` },
    });
    expect(res.statusCode).toBe(201);
  }
  await live.t.settled();
}

const serverList = async (query = ''): Promise<NotificationList> =>
  (
    await live.t.inject({ method: 'GET', url: `/api/notification?limit=100${query}`, token: adminToken })
  ).json();
const serverUnread = async (): Promise<number> =>
  (await live.t.inject({ method: 'GET', url: '/api/notification/unreadCount', token: adminToken })).json();

const centre = () => queryClient.getQueryData<NotificationList>(notificationKeys.centre);
const unread = () => queryClient.getQueryData<number>(notificationKeys.unreadCount);

/** An observer keeps a query active, as a mounted bell does: invalidating it fetches it again. */
function observe<T, K extends QueryKey>(options: QueryObserverOptions<T, Error, T, T, K>) {
  const observer = new QueryObserver<T, Error, T, T, K>(queryClient, options);
  const stop = observer.subscribe(() => {});
  const settledWith = (done: (data: T) => boolean) =>
    until(
      (l) => observer.subscribe(l),
      () => observer.getCurrentResult(),
      (r) => r.fetchStatus === 'idle' && r.data !== undefined && done(r.data),
    ).then((r) => r.data as T);
  return { observer, stop, settledWith };
}

beforeAll(async () => {
  live = await startLiveApi();
  adminToken = await live.t.adminToken();
  salesToken = (await live.t.userWith('employee', ['customer:read', 'customer:create'])).token;
  live.useToken(adminToken);
});
afterAll(async () => {
  queryClient.clear();
  await live?.close();
});
beforeEach(async () => {
  queryClient.clear();
  await live.t.inject({ method: 'DELETE', url: '/api/notification/deleteAll', token: adminToken });
});

describe('reading and unreading (spec §4 counter arithmetic)', () => {
  it('lowers the counter once per notification, at once, and the server follows', async () => {
    await notifyAdmin(3);
    const list = await queryClient.fetchQuery(centreQuery);
    expect(await queryClient.fetchQuery(unreadCountQuery)).toBe(3);
    const [first] = list.data;

    markRead(first);
    expect(unread()).toBe(2);
    expect(centre()?.data.find((n) => n._id === first._id)?.read).toBe(true);
    // A second click with the caller's stale copy (read: false) changes nothing.
    markRead(first);
    expect(unread()).toBe(2);
    await vi.waitFor(async () => expect(await serverUnread()).toBe(2));

    markUnread(first);
    markUnread(first);
    expect(unread()).toBe(3);
    await vi.waitFor(async () => expect(await serverUnread()).toBe(3));
  });

  it('marks all read (counter 0) and all unread (counter back to the total), as the server does', async () => {
    await notifyAdmin(7);
    await queryClient.fetchQuery(centreQuery);
    await queryClient.fetchQuery(unreadCountQuery);

    await markAllRead();
    expect(unread()).toBe(0);
    expect(centre()?.data.every((n) => n.read)).toBe(true);
    expect(await serverUnread()).toBe(0);

    await markAllUnread();
    expect(unread()).toBe(7);
    expect(centre()?.data.some((n) => n.read)).toBe(false);
    expect(await serverUnread()).toBe(7);
  });

  it('deleting an unread one lowers the total and the counter, and the next one moves up into the centre', async () => {
    await notifyAdmin(NOTIFICATION_CENTRE_LIMIT + 1);
    const bell = observe(centreQuery);
    const before = await bell.settledWith(() => true);
    await queryClient.fetchQuery(unreadCountQuery);
    const gone = before.data[0];

    await removeNotification(gone);
    expect(unread()).toBe(NOTIFICATION_CENTRE_LIMIT);
    const after = await bell.settledWith((d) => d.data.length === NOTIFICATION_CENTRE_LIMIT);
    bell.stop();
    expect(after.total).toBe(NOTIFICATION_CENTRE_LIMIT);
    expect(after.data.map((n) => n._id)).not.toContain(gone._id);
    expect(after.data.map((n) => n._id)).toEqual((await serverList()).data.slice(0, 5).map((n) => n._id));
  });
});

describe('pushed notifications', () => {
  it('goes on top once: both counters rise, the centre keeps five, a repeated push changes nothing', async () => {
    await notifyAdmin(NOTIFICATION_CENTRE_LIMIT);
    await queryClient.fetchQuery(centreQuery);
    await queryClient.fetchQuery(unreadCountQuery);
    await notifyAdmin(1);
    const [pushed] = (await serverList()).data;

    expect(receiveNotification(pushed)).toBe(true);
    expect(centre()?.data[0]._id).toBe(pushed._id);
    expect(centre()?.data).toHaveLength(NOTIFICATION_CENTRE_LIMIT);
    expect(centre()?.total).toBe(NOTIFICATION_CENTRE_LIMIT + 1);
    expect(unread()).toBe(NOTIFICATION_CENTRE_LIMIT + 1);

    const held = centre();
    expect(receiveNotification({ ...pushed })).toBe(false);
    expect(centre()).toBe(held);
    expect(unread()).toBe(NOTIFICATION_CENTRE_LIMIT + 1);
  });

  it('a push during a fetch of the centre is not put on an answer that may predate it: fetched again, held once', async () => {
    await notifyAdmin(2);
    const bell = observe(centreQuery);
    await bell.settledWith(() => true);
    await notifyAdmin(1);
    const [pushed] = (await serverList()).data;

    void bell.observer.refetch();
    expect(queryClient.getQueryState(notificationKeys.centre)?.fetchStatus).toBe('fetching');
    const answered = centre();
    expect(receiveNotification(pushed)).toBe(true);
    expect(centre()).toBe(answered);
    const after = await bell.settledWith((d) => d.total === 3);
    bell.stop();
    expect(after.data.filter((n) => n._id === pushed._id)).toHaveLength(1);
    expect(after.data[0]._id).toBe(pushed._id);
  });

  it('after a reconnect, what was pushed while offline is fetched, newest first, with the counter', async () => {
    await notifyAdmin(2);
    const bell = observe(centreQuery);
    const counter = observe(unreadCountQuery);
    await bell.settledWith(() => true);
    await counter.settledWith(() => true);
    // Offline: these pushes never reach the client.
    await notifyAdmin(2);

    refetchNotifications();
    const list = await bell.settledWith((d) => d.total === 4);
    const count = await counter.settledWith((n) => n === 4);
    bell.stop();
    counter.stop();
    expect(count).toBe(4);
    const times = list.data.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.data.map((n) => n._id)).toEqual((await serverList()).data.slice(0, 4).map((n) => n._id));
  });
});

describe('the full page: lists loaded by "تحميل المزيد"', () => {
  const unreadOnly: NotificationFilters = { unread: true, type: null };
  /** As NotificationsPage loads its list, 20 at a time. */
  const pageQuery = {
    queryKey: notificationKeys.page(unreadOnly),
    queryFn: ({ pageParam }: { pageParam: number }) =>
      fetchNotifications(pageParam, NOTIFICATION_PAGE_SIZE, unreadOnly),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationList, _all: NotificationList[], lastParam: number) =>
      lastParam * NOTIFICATION_PAGE_SIZE < last.total ? lastParam + 1 : undefined,
  };
  type Pages = InfiniteData<NotificationList, number>;
  const loaded = () => queryClient.getQueryData<Pages>(pageQuery.queryKey);
  const ids = (data: Pages | undefined) => (data?.pages ?? []).flatMap((p) => p.data.map((n) => n._id));

  it('announces a change that moves items between pages; fetching the pages again first loses none', async () => {
    await notifyAdmin(NOTIFICATION_PAGE_SIZE + 5);
    await queryClient.fetchQuery(unreadCountQuery);
    const page = new InfiniteQueryObserver(queryClient, pageQuery);
    const stopPage = page.subscribe(() => {});
    await page.refetch();
    const firstPage = loaded()?.pages[0].data ?? [];
    expect(firstPage).toHaveLength(NOTIFICATION_PAGE_SIZE);

    let shifts = 0;
    const stop = onListShift(() => shifts++);
    const item: NotificationItem = firstPage[3];
    markRead(item);
    markRead(item);
    stop();
    expect(shifts).toBe(1);
    expect(loaded()?.pages[0].data[3]).toMatchObject({ _id: item._id, read: true });
    await vi.waitFor(async () => expect(await serverUnread()).toBe(NOTIFICATION_PAGE_SIZE + 4));

    // Page 2 of the unread list now starts one later: the page fetches its pages again, then the next.
    await page.refetch();
    await page.fetchNextPage();
    stopPage();
    const all = ids(loaded());
    const expected = (await serverList('&read=false')).data.map((n) => n._id);
    expect(all).toEqual(expected);
    expect(new Set(all).size).toBe(NOTIFICATION_PAGE_SIZE + 4);
  });

  it('deleting all empties every list down to one empty page and zeroes both counters', async () => {
    await notifyAdmin(NOTIFICATION_PAGE_SIZE + 1);
    await queryClient.fetchQuery(centreQuery);
    await queryClient.fetchQuery(unreadCountQuery);
    await queryClient.fetchInfiniteQuery({ ...pageQuery, pages: 2 });
    expect(loaded()?.pages).toHaveLength(2);

    await removeAllNotifications();
    expect(loaded()).toEqual({ pages: [expect.objectContaining({ data: [], total: 0 })], pageParams: [1] });
    expect(centre()).toMatchObject({ data: [], total: 0 });
    expect(unread()).toBe(0);
    expect((await serverList()).total).toBe(0);
  });
});
