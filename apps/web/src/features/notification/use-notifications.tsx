import type { NotificationItem } from '@idara/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { onSocketEvent, onSocketReconnect } from '../../lib/socket';
import { centreQuery, unreadCountQuery } from './notification-api';
import { playNotificationSound } from './notification-sound';
import { markRead, receiveNotification, refetchNotifications } from './notification-store';
import { Digits, typeVisual } from './notification-ui';

/** The centre's latest 5 and the unread counter. */
export function useNotificationCentre() {
  const centre = useQuery(centreQuery);
  const unread = useQuery(unreadCountQuery);
  return {
    items: centre.data?.data ?? [],
    total: centre.data?.total ?? 0,
    unreadCount: unread.data ?? 0,
    isPending: centre.isPending,
    isError: centre.isError && !centre.data,
    refetch: () => {
      void centre.refetch();
      void unread.refetch();
    },
  };
}

/** How a toast's "عرض" goes to the notification's page: the router once the shell has mounted. */
let navigateTo: (path: string) => void = (path) => window.location.assign(path);

function onPush(item: NotificationItem): void {
  if (!item || typeof item._id !== 'string') return;
  if (!receiveNotification(item)) return;
  const { level } = typeVisual(item.type);
  toast[level](<Digits text={item.title} />, {
    id: `notification-${item._id}`,
    // Marked so screens (and tests) can tell a pushed notice from the answer to the user's own act.
    className: 'notification-toast',
    description: item.description ? <Digits text={item.description} /> : undefined,
    action: item.link
      ? {
          label: 'عرض',
          onClick: () => {
            markRead(item);
            navigateTo(item.link);
          },
        }
      : undefined,
  });
  playNotificationSound();
}

let started = false;

/** Subscribes once for the life of the page, so pushes are handled on every layout (also blank). */
function startRealtime(): void {
  if (started) return;
  started = true;
  onSocketEvent('notification', onPush);
  onSocketReconnect(refetchNotifications);
}

/**
 * Realtime: every pushed notification goes on top of the centre and raises both counters, shows a
 * toast and plays the sound (unless muted on this device); after a reconnect the list and the
 * counter are fetched again, so nothing pushed while offline is lost. Started by the bell.
 */
export function useNotificationRealtime(): void {
  const navigate = useNavigate();
  useEffect(() => {
    navigateTo = (path) => void navigate(path);
    startRealtime();
  }, [navigate]);
}
