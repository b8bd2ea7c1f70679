import { liveQuery } from 'dexie';
import { useEffect, useRef, useState } from 'react';
import { createStore, useStore } from '../../../lib/create-store';
import { fetchWorkingSet, sendAction, VISIT_PATH } from '../field-api';
import { type FieldDb, fieldDb, type OutboxAction } from './field-db';
import { replayOutbox, storeWorkingSet } from './outbox';
import { flushUploads } from './uploads';

/**
 * When the phone talks to the server: on start, when the network comes back (`online`), when the
 * tab is shown again, and every half minute while it is open. Not on Background Sync alone:
 * Safari on iPhone has none (docs/ARCHITECTURE.md "The technician's phone"). Each round sends the
 * outbox in order, then the photos and signatures, then (once nothing waits) takes a fresh
 * working set.
 */
const TIMER_MS = 30_000;
const FETCHED_KEY = 'fetchedAt';

export interface SyncState {
  /** Actions and uploads still on the device. */
  waiting: number;
  syncing: boolean;
  online: boolean;
  /** When the working set was last taken from the server. */
  fetchedAt: string | null;
  /** Why the last round stopped short, when it did. */
  problem: string | null;
}

export const syncStore = createStore<SyncState>({
  waiting: 0,
  syncing: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  fetchedAt: null,
  problem: null,
});

export function useSyncState(): SyncState {
  return useStore(syncStore);
}

const sendQueued = (action: OutboxAction) =>
  sendAction(
    `${VISIT_PATH}/${action.visitId}/${action.kind === 'status' ? 'status' : 'answers'}`,
    action.body,
  );

let round: Promise<void> | null = null;

/** One round (or the one already running). */
export function syncNow(db: FieldDb = fieldDb()): Promise<void> {
  round ??= runRound(db).finally(() => {
    round = null;
  });
  return round;
}

async function runRound(db: FieldDb): Promise<void> {
  syncStore.set({ syncing: true });
  try {
    const actions = await replayOutbox(db, sendQueued);
    const uploads = actions.stoppedBy ? actions : await flushUploads(db);
    const stoppedBy = actions.stoppedBy ?? uploads.stoppedBy;
    if (stoppedBy) {
      syncStore.set({ problem: stoppedBy });
      return;
    }
    const set = await fetchWorkingSet();
    await storeWorkingSet(db, set.visits);
    const fetchedAt = new Date().toISOString();
    await db.meta.put({ key: FETCHED_KEY, value: fetchedAt });
    syncStore.set({ fetchedAt, problem: null });
  } catch (error) {
    syncStore.set({ problem: error instanceof Error ? error.message : 'تعذرت المزامنة' });
  } finally {
    syncStore.set({ syncing: false, online: navigator.onLine });
  }
}

/** What the store says of itself: when its working set was last taken. */
async function readMeta(db: FieldDb) {
  const fetched = await db.meta.get(FETCHED_KEY);
  syncStore.set({ fetchedAt: typeof fetched?.value === 'string' ? fetched.value : null });
}

let started: { userId: string; stop: () => void } | null = null;

/** Starts the rounds for this user (once; the pages call it, the rounds outlive them). */
export function startFieldSync(userId: string, db: FieldDb = fieldDb(userId)): void {
  if (started?.userId === userId) return;
  started?.stop();
  const kick = () => void syncNow(db);
  const onOnline = () => {
    syncStore.set({ online: true });
    kick();
  };
  const onOffline = () => syncStore.set({ online: false });
  const onVisible = () => {
    if (document.visibilityState === 'visible') kick();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(() => {
    if (navigator.onLine) kick();
  }, TIMER_MS);
  const waiting = liveQuery(async () => {
    const [actions, uploads] = await Promise.all([
      db.outbox.count(),
      db.uploads.filter((u) => !u.sentAt).count(),
    ]);
    return actions + uploads;
  }).subscribe({ next: (n) => syncStore.set({ waiting: n }) });
  started = {
    userId,
    stop: () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
      waiting.unsubscribe();
    },
  };
  // Asks the browser not to evict the store under pressure (granted to installed apps; Safari may
  // still clear it after 7 days without use: docs/ARCHITECTURE.md).
  void navigator.storage?.persist?.().catch(() => false);
  void readMeta(db).then(kick);
}

/**
 * A Dexie query read in React, kept current as the store changes; undefined while it loads.
 * `key` names what the query reads (a visit's id): a new key runs a new query.
 */
export function useLive<T>(key: string, query: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<{ key: string; v: T } | undefined>(undefined);
  const latest = useRef(query);
  latest.current = query;
  useEffect(() => {
    const subscription = liveQuery(() => latest.current()).subscribe({
      next: (v) => setValue({ key, v }),
      error: (error: unknown) => console.error('device store read failed', error),
    });
    return () => subscription.unsubscribe();
  }, [key]);
  return value?.key === key ? value.v : undefined;
}

/** Starts the rounds for the signed-in technician while a page of theirs is open. */
export function useFieldSync(userId: string | undefined): void {
  useEffect(() => {
    if (userId) startFieldSync(userId);
  }, [userId]);
}
