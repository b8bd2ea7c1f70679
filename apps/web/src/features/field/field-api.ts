import type { Answers, Visit, VisitStatus } from '@idara/domain';
import { apiFetch, isApiError } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-routes';

/**
 * The technician's work on the phone (issue 44): the working set `GET /api/visit/mine` and the
 * actions the phone sends for a visit (docs/API.md "Visits: the technician's work"). These routes
 * are read with `apiFetch` and typed here, as the contract of issue 44 gives them.
 */
export const VISIT_PATH = '/api/visit';
export const VISIT_WORK_PERMISSION = 'visit:work';
export const visitWorkPath = (id: string) => `/tasks/visit/${id}`;

/** The technician's working set as `GET /api/visit/mine` answers it (docs/API.md). */
export type WorkingSet = ApiAnswer<'/api/visit/mine'>;
/** One visit of the working set: the visit's row and everything the phone needs offline. */
export type FieldVisit = WorkingSet['visits'][number];
/** The customer as a visit needs them: names, phones and the national address. */
export type FieldCustomer = FieldVisit['customer'];

/** `GET /api/visit/mine`: the visits of today and tomorrow (Riyadh) by default. */
export async function fetchWorkingSet(signal?: AbortSignal): Promise<WorkingSet> {
  const res = await apiFetch(`${VISIT_PATH}/mine`, { query: { days: 2 }, stopAlert: true, retry: 0, signal });
  return (await res.json()) as WorkingSet;
}

/** Where the phone was when a step was taken, when the technician allowed it. */
export interface DeviceLocation {
  lat: number;
  lng: number;
  accuracy?: number;
}

/** The body of `POST /api/visit/:id/status` the phone sends. */
export interface StatusActionBody {
  status: VisitStatus;
  clientActionId: string;
  at: string;
  location?: DeviceLocation;
}

/** The body of `POST /api/visit/:id/answers`. */
export interface AnswersActionBody {
  clientActionId: string;
  at: string;
  answers: Answers;
}

/** What the server said of one queued action (the outbox decides what to do with it). */
export type ActionOutcome =
  | { kind: 'applied'; visit?: Visit }
  /** 409: cancelled, reassigned or the step no longer allowed; the server's visit and why. */
  | { kind: 'refused'; message: string; visit?: Visit }
  /** Another 4xx: the action can never pass as it is (a bad answer); dropped with its reason. */
  | { kind: 'invalid'; message: string }
  /** No network, or the server failed: kept, tried again later in the same order. */
  | { kind: 'retry'; message: string };

/** Sends one action and reads its outcome; never throws. */
export async function sendAction(path: string, body: unknown): Promise<ActionOutcome> {
  try {
    const res = await apiFetch(path, { method: 'POST', body, stopAlert: true, retry: 0 });
    const answer = (await res.json().catch(() => ({}))) as { visit?: Visit };
    return { kind: 'applied', visit: answer.visit };
  } catch (error) {
    return outcomeOfError(error);
  }
}

export function outcomeOfError(error: unknown): ActionOutcome {
  if (!isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 429)
    return { kind: 'retry', message: error instanceof Error ? error.message : 'تعذر الاتصال' };
  // A signed-out phone keeps its queue: it is sent once the technician signs in again.
  if (error.status === 401) return { kind: 'retry', message: error.message };
  if (error.status === 409)
    return { kind: 'refused', message: error.message, visit: error.body.visit as Visit | undefined };
  return { kind: 'invalid', message: error.message };
}
