import { Dexie, type EntityTable } from 'dexie';
import { authStore } from '../../../lib/auth';
import type { AnswersActionBody, FieldVisit, StatusActionBody } from '../field-api';

/** What the phone shows on a visit the server refused an action for (409): its reason, in Arabic. */
export interface VisitRefusal {
  message: string;
  at: string;
}

/**
 * A visit of the working set as the phone keeps it: the server's copy, with the steps and answers
 * taken here and not yet sent laid over it, and the last refusal.
 */
export type StoredVisit = FieldVisit & { refusal?: VisitRefusal };

/** One action taken on the phone, waiting to be sent; `seq` is the order they were taken in. */
export type OutboxAction =
  | { seq?: number; visitId: string; kind: 'status'; body: StatusActionBody; createdAt: string }
  | { seq?: number; visitId: string; kind: 'answers'; body: AnswersActionBody; createdAt: string };

/** A photo or signature taken on the phone, uploaded (resumably) apart from the actions. */
export interface PendingUpload {
  clientActionId: string;
  visitId: string;
  field: string;
  name: string;
  type: string;
  blob: Blob;
  createdAt: string;
  /** The tus upload's address once created, so an upload cut off resumes where it stopped. */
  uploadUrl?: string;
  /** Sent: kept for the visit's page until the visit leaves the working set. */
  sentAt?: string;
}

interface Meta {
  key: string;
  value: unknown;
}

/**
 * The technician's device store (IndexedDB through Dexie, Apache-2.0): the working set, the outbox
 * of actions and the uploads waiting for the network. One per user who signs in on the device
 * (`fieldDb`).
 */
export class FieldDb extends Dexie {
  visits!: EntityTable<StoredVisit, '_id'>;
  outbox!: EntityTable<OutboxAction & { seq: number }, 'seq'>;
  uploads!: EntityTable<PendingUpload, 'clientActionId'>;
  meta!: EntityTable<Meta, 'key'>;

  constructor(name = 'idara-field') {
    super(name);
    this.version(1).stores({
      visits: '_id, scheduledAt',
      outbox: '++seq, visitId',
      uploads: 'clientActionId, visitId, createdAt',
      meta: 'key',
    });
  }
}

const opened = new Map<string, FieldDb>();

/**
 * The signed-in user's store on this device, opened on first use. A phone shared by two
 * technicians keeps a store for each: what one did offline and has not sent yet stays on the
 * device, for their next session, whoever signs in meanwhile — and is never sent as the other.
 */
export function fieldDb(userId: string = authStore.get().user?._id ?? ''): FieldDb {
  let db = opened.get(userId);
  if (!db) {
    db = new FieldDb(`idara-field-${userId || 'signed-out'}`);
    opened.set(userId, db);
  }
  return db;
}
