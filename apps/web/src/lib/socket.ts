import type { NotificationItem } from '@idara/domain';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { WhatsappEvent } from '../features/whatsapp/whatsapp-api';
import { loadOnce } from './load-once';
import { apiBase } from './runtime-config';
import { getToken } from './token-storage';

/** Realtime notification pushed by the server (spec §3, §7): one stored notification. */
export type NotificationPayload = NotificationItem;

export interface SocketEvents {
  notification: NotificationPayload;
  /** A WhatsApp message added or its status changed (docs/API.md "WhatsApp"). */
  whatsapp: WhatsappEvent;
}

type Listener<K extends keyof SocketEvents> = (payload: SocketEvents[K]) => void;

const listeners: { [K in keyof SocketEvents]: Set<Listener<K>> } = {
  notification: new Set(),
  whatsapp: new Set(),
};
/** Called after every connect but the first of a socket: pushes may have been missed meanwhile. */
const reconnectListeners = new Set<() => void>();

let socket: Socket | null = null;

/** Reconnection backoff: 1 s doubling up to 30 s, ±50 % jitter, so a restarted server is not stormed. */
export const SOCKET_RECONNECT = { delay: 1_000, delayMax: 30_000, jitter: 0.5 } as const;

const logReconnectAttempt = (attempt: number) => console.debug('[socket] reconnecting, attempt', attempt);

/**
 * socket.io-client is loaded on the first protected page, not with the shell: the sign-in page never
 * needs it (the shell's JavaScript budget, docs/PERFORMANCE.md).
 */
const loadClient = loadOnce(() => import('socket.io-client'));

/** The one socket: websocket only, token in auth, manual connect, 300 s timeout (spec §7, §9). */
function createSocket({ io }: typeof import('socket.io-client')): Socket {
  if (socket) return socket;
  const s = io(apiBase() || undefined, {
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    timeout: 300_000,
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT.delay,
    reconnectionDelayMax: SOCKET_RECONNECT.delayMax,
    randomizationFactor: SOCKET_RECONNECT.jitter,
    auth: (cb) => cb({ token: getToken() }),
  });
  s.on('connect', () => {
    console.debug('[socket] connected', s.id);
    // Every connect refetches what may have been pushed while no socket listened: after a
    // reconnection, back from a public page, and the first one too, which waits for the first
    // page to mount (app/first-page.ts) while the header's bell may already have loaded.
    for (const l of reconnectListeners) l();
  });
  s.on('disconnect', (reason) => console.debug('[socket] disconnected', reason));
  s.io.on('reconnect_attempt', logReconnectAttempt);
  s.on('notification', (payload: NotificationPayload) => {
    for (const l of listeners.notification) l(payload);
  });
  s.on('whatsapp', (payload: WhatsappEvent) => {
    for (const l of listeners.whatsapp) l(payload);
  });
  socket = s;
  return s;
}

/** Whether the current page wants the socket (a protected page); survives a page-unload close. */
let wanted = false;

/** Connected on protected pages. */
export function connectSocket(): void {
  wanted = true;
  loadClient().then(
    (module) => {
      if (!wanted) return; // left for a public page or signed out while loading
      const s = createSocket(module);
      if (!s.connected && !s.active) s.connect();
    },
    (error) => console.warn('[socket] client failed to load', error),
  );
}

/** Disconnected on public pages; the instance is kept for the next protected page. */
export function disconnectSocket(): void {
  wanted = false;
  if (socket?.active || socket?.connected) socket.disconnect();
}

function dropInstance(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.io.off('reconnect_attempt', logReconnectAttempt);
  socket.disconnect();
  socket = null;
}

/** Sign-out: disconnect, remove listeners and forget the instance. */
export function closeSocket(): void {
  wanted = false;
  dropInstance();
}

/** Subscribe to a realtime event; returns the unsubscribe function. */
export function onSocketEvent<K extends keyof SocketEvents>(event: K, listener: Listener<K>): () => void {
  listeners[event].add(listener);
  return () => {
    listeners[event].delete(listener);
  };
}

/** Subscribe to (re)connects: every connect of the socket; returns the unsubscribe function. */
export function onSocketReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/** React hook around `onSocketEvent`; the latest handler is always called. */
export function useSocketEvent<K extends keyof SocketEvents>(event: K, handler: Listener<K>): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onSocketEvent(event, (payload) => ref.current(payload)), [event]);
}

if (typeof window !== 'undefined') {
  // Page unload: disconnect and remove listeners (spec §4).
  window.addEventListener('pagehide', dropInstance);
  // Back from the back/forward cache: the page lives on, so connect again and catch up.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted || !wanted) return;
    connectSocket();
  });
}
