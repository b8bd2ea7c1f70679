import type { DetailedError, Upload } from 'tus-js-client';
import { apiUrl } from '../../../lib/runtime-config';
import { getToken } from '../../../lib/token-storage';
import { VISIT_PATH } from '../field-api';
import type { FieldDb, PendingUpload } from './field-db';

/**
 * Photos and signatures taken on the phone, uploaded resumably (tus 1.0, `tus-js-client`, MIT) to
 * `/api/visit/:id/uploads` apart from the action queue: a 4 MB photo on a weak signal does not
 * hold the status steps behind it, and an upload cut off resumes from the server's offset (its
 * address is kept with the bytes in IndexedDB). The client action id in the metadata lets the
 * server keep one file however often the phone retries.
 */

export type UploadOutcome =
  | { kind: 'done' }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; message: string };

/** `tus-js-client` is fetched when a file is first sent, not with the day: most opens send none. */
const loadTus = () => import('tus-js-client');

const isDetailed = (error: Error): error is DetailedError => 'originalResponse' in error;

/** The HTTP status of a failed tus request, when the server answered at all. */
const statusOf = (error: Error) => (isDetailed(error) ? (error.originalResponse?.getStatus() ?? 0) : 0);

function refusalOf(error: Error): string {
  if (!isDetailed(error)) return error.message;
  try {
    const body = JSON.parse(error.originalResponse?.getBody() ?? '{}') as { message?: string };
    if (body.message) return body.message;
  } catch {
    // not JSON: the generic text below
  }
  return 'رفض الخادم الملف';
}

/** Sends one pending upload (resuming it when it has an address); never throws. */
export async function sendUpload(db: FieldDb, pending: PendingUpload): Promise<UploadOutcome> {
  let tus: typeof import('tus-js-client');
  try {
    tus = await loadTus();
  } catch (error) {
    // The app was updated and its old chunk is gone, or no network for the code: try again later.
    return { kind: 'retry', message: (error as Error).message };
  }
  return new Promise((resolve) => {
    const upload: Upload = new tus.Upload(pending.blob, {
      endpoint: apiUrl(`${VISIT_PATH}/${pending.visitId}/uploads`),
      uploadUrl: pending.uploadUrl ?? null,
      metadata: {
        field: pending.field,
        filename: pending.name,
        type: pending.type,
        filetype: pending.type,
        clientActionId: pending.clientActionId,
      },
      headers: { Authorization: `Bearer ${getToken() ?? ''}` },
      chunkSize: 512 * 1024,
      // Ours keeps the address in IndexedDB; the library's own store (localStorage) is not needed.
      storeFingerprintForResuming: false,
      retryDelays: [0, 1000, 3000],
      onUploadUrlAvailable: () => {
        if (upload.url) void db.uploads.update(pending.clientActionId, { uploadUrl: upload.url });
      },
      onSuccess: () => resolve({ kind: 'done' }),
      onError: (error) => {
        const status = statusOf(error);
        // 404 on an upload's own address: it expired on the server; start it again next time.
        if (status === 404 && pending.uploadUrl) {
          void db.uploads.update(pending.clientActionId, { uploadUrl: undefined });
          resolve({ kind: 'retry', message: error.message });
        } else if (status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 401)
          resolve({ kind: 'refused', message: refusalOf(error) });
        else resolve({ kind: 'retry', message: error.message });
      },
    });
    upload.start();
  });
}

/**
 * Sends the waiting uploads, oldest first, until done or the network fails. A refused upload is
 * dropped and its reason put on the visit.
 */
export async function flushUploads(
  db: FieldDb,
  send: (pending: PendingUpload) => Promise<UploadOutcome> = (p) => sendUpload(db, p),
): Promise<{ sent: number; stoppedBy?: string }> {
  let sent = 0;
  for (const pending of await waitingUploads(db)) {
    const outcome = await send(pending);
    if (outcome.kind === 'retry') return { sent, stoppedBy: outcome.message };
    if (outcome.kind === 'done') {
      // Kept (with its bytes) for the visit's page until the visit leaves the working set.
      await db.uploads.update(pending.clientActionId, { sentAt: new Date().toISOString() });
      sent++;
    } else {
      await db.uploads.delete(pending.clientActionId);
      const visit = await db.visits.get(pending.visitId);
      if (visit)
        await db.visits.put({
          ...visit,
          refusal: { message: outcome.message, at: new Date().toISOString() },
        });
    }
  }
  return { sent };
}

/** The uploads not sent yet, oldest first. */
export async function waitingUploads(db: FieldDb): Promise<PendingUpload[]> {
  return (await db.uploads.orderBy('createdAt').toArray()).filter((u) => !u.sentAt);
}

let lastTaken = 0;

/** When a file was taken, strictly after the one before: two in one millisecond keep their order. */
function takenAt(): string {
  lastTaken = Math.max(Date.now(), lastTaken + 1);
  return new Date(lastTaken).toISOString();
}

/** Keeps a photo or signature on the device until it is sent; its id is the answer's value here. */
export async function queueUpload(
  db: FieldDb,
  visitId: string,
  field: string,
  file: Blob,
  name: string,
): Promise<PendingUpload> {
  const pending: PendingUpload = {
    clientActionId: crypto.randomUUID(),
    visitId,
    field,
    name,
    type: file.type || 'application/octet-stream',
    blob: file,
    createdAt: takenAt(),
  };
  await db.uploads.add(pending);
  return pending;
}
