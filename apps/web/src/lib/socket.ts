import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { apiBase } from './runtime-config';
import { getToken } from './token-storage';

/** Realtime notification pushed by the server (spec §3, §7). */
export interface NotificationPayload {
  _id: string;
  type: string;
  title: string;
  description: string;
  read: boolean;
  createdAt: string;
  link?: string | null;
}

export interface SocketEvents {
  notification: NotificationPayload;
}

type Listener<K extends keyof SocketEvents> = (payload: SocketEvents[K]) => void;

const listeners: { [K in keyof SocketEvents]: Set<Listener<K>> } = { notification: new Set() };

let socket: Socket | null = null;

/** The one socket: websocket only, token in auth, manual connect, 300 s timeout (spec §7, §9). */
export function getSocket(): Socket {
  if (socket) return socket;
  const s = io(apiBase() || undefined, {
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    timeout: 300_000,
    auth: (cb) => cb({ token: getToken() }),
  });
  s.on('connect', () => console.debug('[socket] connected', s.id));
  s.on('disconnect', (reason) => console.debug('[socket] disconnected', reason));
  s.on('notification', (payload: NotificationPayload) => {
    for (const l of listeners.notification) l(payload);
  });
  socket = s;
  return s;
}

/** Connected on protected pages. */
export function connectSocket(): void {
  const s = getSocket();
  if (!s.connected && !s.active) s.connect();
}

/** Disconnected on public pages; the instance is kept for the next protected page. */
export function disconnectSocket(): void {
  if (socket?.active || socket?.connected) socket.disconnect();
}

/** Sign-out and page unload: disconnect, remove listeners and forget the instance. */
export function closeSocket(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
}

/** Subscribe to a realtime event; returns the unsubscribe function. */
export function onSocketEvent<K extends keyof SocketEvents>(event: K, listener: Listener<K>): () => void {
  listeners[event].add(listener);
  return () => {
    listeners[event].delete(listener);
  };
}

/** React hook around `onSocketEvent`; the latest handler is always called. */
export function useSocketEvent<K extends keyof SocketEvents>(event: K, handler: Listener<K>): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onSocketEvent(event, (payload) => ref.current(payload)), [event]);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', closeSocket);
}
