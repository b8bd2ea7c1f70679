import { formatDateTime, type Visit } from '@idara/domain';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { ClashDialog } from '../../components/confirm';
import { fetchVersioned, useEditConflict } from '../../components/entity/use-edit-conflict';
import { ApiError, api, isApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { visitClashTexts } from '../visit/visit-status';
import type { BoardVisit, VisitMove } from './board-model';
import { useBoardCache } from './dispatch-api';

/** One visit as `GET /api/visit/:id` answers it: the row with its edit version. */
export type VisitRecord = Visit & { version: number };

/** A move handed to the server: from a drop or from the dialog. */
export interface MoveJob {
  visit: BoardVisit;
  move: VisitMove;
  /** The version the dialog showed: saved over only if it is still the visit's. */
  version?: number;
  /** A drop's visit as read when the drag started (`readVisit`); read at the drop otherwise. */
  latest?: Promise<Versioned | null>;
  /** Saved (after a clash was overridden or a conflict settled, too). */
  onSaved?: () => void;
  /** The latest version was loaded in the conflict dialog: the dialog shows it. */
  onLatest?: (record: VisitRecord) => void;
}

type Versioned = { record: VisitRecord; version: number | undefined };

/** `saved`; `failed` (said in a toast); or a dialog asks about a `clash` or a `conflict`. */
export type MoveOutcome = 'saved' | 'failed' | 'clash' | 'conflict';

/** A visit with its version, read while the card is being dragged (null when it could not be read). */
export const readVisit = (id: string): Promise<Versioned | null> =>
  fetchVersioned<VisitRecord>(`/api/visit/${id}`).catch(() => null);

const STALE_MESSAGE = 'عُدّلت هذه الزيارة بعد أن عرضتها اللوحة، ولم يُحفظ النقل.';

/** The clash the server answered (409 `{message, clash}`): the dialog says it and asks why to book anyway. */
interface Clash {
  message: string;
  job: MoveJob;
}

/**
 * Saving a visit's new technicians and time (`PUT /api/visit/:id` with `If-Match`): the card is
 * drawn where it was dropped while the save runs (`pending`) and goes back on any failure. A
 * double booking (409 with `clash`) opens a dialog that books it anyway with a reason; someone
 * else's save in between (412, or a board older than the visit) opens the edit-conflict dialog.
 */
export function useVisitMoves(nameOf: (id: string) => string) {
  const cache = useBoardCache();
  // Without `visit:details` the version cannot be read: such a move saves without If-Match.
  const versioned = useCan('visit:details');
  const [pending, setPending] = useState<ReadonlyMap<string, VisitMove>>(new Map());
  const [clash, setClash] = useState<Clash | null>(null);
  const [overriding, setOverriding] = useState(false);
  const [current, setCurrent] = useState<MoveJob | null>(null);
  const currentRef = useRef<MoveJob | null>(null);

  const hold = useCallback((job: MoveJob, on: boolean) => {
    setPending((map) => {
      const next = new Map(map);
      if (on) next.set(job.visit._id, job.move);
      else next.delete(job.visit._id);
      return next;
    });
  }, []);

  const conflict = useEditConflict<VisitMove, VisitRecord>({
    form: {
      getValues: () => currentRef.current?.move ?? { assignees: [], scheduledAt: '' },
      // «تحميل أحدث نسخة»: my move is dropped, the board and the dialog show the saved visit.
      load: () => {
        if (currentRef.current) hold(currentRef.current, false);
      },
    },
    path: current ? `/api/visit/${current.visit._id}` : undefined,
    toValues: (record) => ({ assignees: record.assignees, scheduledAt: record.scheduledAt }),
    labels: { assignees: 'الفنيون', scheduledAt: 'الموعد' },
    format: (key, value) => {
      if (key === 'assignees' && Array.isArray(value))
        return value.length ? value.map((id) => nameOf(String(id))).join('، ') : 'بلا فني';
      if (key === 'scheduledAt' && typeof value === 'string' && value) return formatDateTime(value);
      return undefined;
    },
    onLatest: (record) => {
      currentRef.current?.onLatest?.(record);
      void cache.refresh();
    },
  });

  /** PUT the move; `reason` books a clash anyway. */
  const send = useCallback(
    async (job: MoveJob, reason?: string): Promise<MoveOutcome> => {
      hold(job, true);
      try {
        const saved = await api(`/api/visit/${job.visit._id}`, {
          method: 'PUT',
          body: { ...job.move, ...(reason ? { override: { reason } } : {}) },
          ...(versioned ? conflict.requestOptions() : {}),
          quietStatuses: [409, 412],
        });
        conflict.adopt(saved);
        cache.put(saved);
        hold(job, false);
        void cache.refresh();
        job.onSaved?.();
        return 'saved';
      } catch (error) {
        hold(job, false);
        if (!isApiError(error)) throw error;
        if (error.status === 409 && error.body.clash) {
          setClash({ message: error.message, job });
          return 'clash';
        }
        if (conflict.handle(error, () => void send(job, reason))) return 'conflict';
        // A 409 for another reason (the visit is done, say): quiet above, so said here.
        if (error.status === 409) notify.error(error.message);
        return 'failed';
      }
    },
    [cache, conflict, hold, versioned],
  );

  /** Moves a visit: its version first (a board older than the visit is a conflict), then the save. */
  const move = useCallback(
    async (job: MoveJob): Promise<MoveOutcome> => {
      currentRef.current = job;
      setCurrent(job);
      if (!versioned) return send(job);
      let version = job.version;
      if (version === undefined) {
        hold(job, true);
        const latest = (await job.latest) ?? (await readVisit(job.visit._id));
        if (!latest) {
          hold(job, false);
          notify.error('تعذر قراءة الزيارة، حاول مرة أخرى');
          return 'failed';
        }
        version = latest.version;
        if (latest.record.updatedAt !== job.visit.updatedAt) {
          hold(job, false);
          conflict.adopt(latest.record);
          const stale = new ApiError(412, { message: STALE_MESSAGE, changedAt: latest.record.updatedAt });
          conflict.handle(stale, () => void send(job));
          return 'conflict';
        }
      }
      if (version !== undefined) conflict.adopt({ version } as VisitRecord);
      return send(job);
    },
    [conflict, hold, send, versioned],
  );

  const override = async (reason: string) => {
    if (!clash) return;
    setOverriding(true);
    try {
      // Another clash replaced this one; a failure (said in a toast) leaves the reason to correct.
      const outcome = await send(clash.job, reason);
      if (outcome === 'saved' || outcome === 'conflict') setClash(null);
    } finally {
      setOverriding(false);
    }
  };

  // Mounted when they open, so their layer comes after the move dialog's, over it.
  const dialogs: ReactNode = (
    <>
      {clash && (
        <ClashDialog
          message={clash.message}
          texts={visitClashTexts}
          busy={overriding}
          onClose={() => setClash(null)}
          onSubmit={override}
        />
      )}
      {conflict.open && conflict.dialog}
    </>
  );

  /** Reads a dragged visit's version as the drag starts, when this user may read it. */
  const prefetch = useCallback((id: string) => (versioned ? readVisit(id) : undefined), [versioned]);

  return { pending, move, prefetch, dialogs, asking: clash !== null || conflict.open };
}
