import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, isApiError, type RequestOptions } from '../../lib/api';
import { notify } from '../../lib/toast';
import { type ConflictInfo, EditConflictDialog, type FieldDifference } from './EditConflictDialog';

type Values = Record<string, any>;

/** The edit version of a record: forms keep their fields' version in `version`, so `rowVersion` first. */
export function versionOf(record: unknown): number | undefined {
  const r = record as { rowVersion?: unknown; version?: unknown } | null | undefined;
  const v = r?.rowVersion ?? r?.version;
  return typeof v === 'number' ? v : undefined;
}

/** `GET path` with the version from its strong ETag (the body may leave the version out). */
export async function fetchVersioned<R>(path: string): Promise<{ record: R; version: number | undefined }> {
  const response = await apiFetch(path, { stopAlert: true });
  const record = (await response.json()) as R;
  const tag = /^"(\d+)"$/.exec(response.headers.get('ETag') ?? '');
  return { record, version: tag ? Number(tag[1]) : versionOf(record) };
}

/** Edited values kept outside a Mantine form (the form builder keeps its own state). */
export interface EditedValues<V> {
  getValues: () => V;
  /** Replaces the edited values with the latest record's, leaving nothing unsaved. */
  load: (values: V) => void;
}

export interface EditConflictOptions<V extends Values, R> {
  form: UseFormReturnType<V> | EditedValues<V>;
  /** The record's URL (GET and PUT); undefined while creating. */
  path: string | undefined;
  /** The record the form was filled from (its version is the base). */
  record?: R;
  /** The form's record comes without a version (the settings client asks for fields only): fetch it. */
  fetchVersion?: boolean;
  toValues: (record: R) => V;
  /** Arabic field labels for the comparison; only labelled fields are compared when given. */
  labels?: Record<string, string>;
  /** Shows a value in the comparison (an id as its name, a list as a count …). */
  format?: (key: string, value: unknown) => string | undefined;
  /** The latest record arrived (reload, or the version fetched on open): refresh caches with it. */
  onLatest?: (record: R) => void;
}

export interface EditConflict<R> {
  /** Options for the PUT: `If-Match` with the version the form holds, and 412 left to the dialog. */
  requestOptions: () => Pick<RequestOptions, 'headers' | 'quietStatuses'>;
  /** The form now holds this record (loaded or just saved): its version is the one sent next. */
  adopt: (record: R) => void;
  /** In the save's catch: true when it was an edit conflict (the dialog opened); `retry` re-saves mine. */
  handle: (error: unknown, retry: () => void) => boolean;
  /** The dialog is open (a surrounding modal should not close on Escape meanwhile). */
  open: boolean;
  dialog: ReactNode;
}

function defaultFormat(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'نعم' : 'لا';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => defaultFormat(v)).join('، ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Optimistic concurrency for an edit form: remembers the version the form was loaded from, sends it
 * as `If-Match`, and on 412 (someone saved in between) opens one dialog that names them and offers to
 * load the latest version or compare it field by field, keeping mine (re-saved over the new version)
 * or theirs.
 */
export function useEditConflict<V extends Values, R>(options: EditConflictOptions<V, R>): EditConflict<R> {
  const { form, path } = options;
  const base = useRef<number | undefined>(versionOf(options.record));
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [differences, setDifferences] = useState<FieldDifference[] | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef<{ record: R; version: number | undefined } | null>(null);
  const retryRef = useRef<() => void>(() => {});
  const opts = useRef(options);
  opts.current = options;

  useEffect(() => {
    if (!path || !opts.current.fetchVersion || base.current !== undefined) return;
    let live = true;
    fetchVersioned<R>(path)
      .then(({ record, version }) => {
        if (!live || base.current !== undefined) return;
        base.current = version;
        opts.current.onLatest?.(record);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [path]);

  const adopt = useCallback((record: R) => {
    const v = versionOf(record);
    if (v !== undefined) base.current = v;
  }, []);

  const requestOptions = useCallback(
    () => ({
      headers: base.current !== undefined ? { 'If-Match': `"${base.current}"` } : undefined,
      quietStatuses: [412],
    }),
    [],
  );

  const handle = useCallback((error: unknown, retry: () => void) => {
    if (!isApiError(error) || error.status !== 412) return false;
    const body = error.body;
    retryRef.current = retry;
    latest.current = null;
    setDifferences(null);
    setConflict({
      message: error.message,
      changedBy: typeof body.changedBy === 'string' ? body.changedBy : null,
      changedAt: typeof body.changedAt === 'string' ? body.changedAt : null,
    });
    return true;
  }, []);

  async function loadLatest() {
    if (!latest.current && path) latest.current = await fetchVersioned<R>(path);
    return latest.current;
  }

  async function run(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
    } catch (e) {
      if (!isApiError(e)) notify.error('تعذر تحميل أحدث نسخة، حاول مرة أخرى');
    } finally {
      setBusy(false);
    }
  }

  const takeTheirs = () =>
    run(async () => {
      const got = await loadLatest();
      if (!got) return;
      const values = opts.current.toValues(got.record);
      if ('load' in form) form.load(values);
      else {
        form.setValues(values);
        form.resetDirty(values);
        form.clearErrors();
      }
      base.current = got.version;
      opts.current.onLatest?.(got.record);
      setConflict(null);
      notify.info('حُمّلت أحدث نسخة من السجل');
    });

  const compare = () =>
    run(async () => {
      const got = await loadLatest();
      if (!got) return;
      const mine = form.getValues() as Values;
      const theirs = opts.current.toValues(got.record) as Values;
      const { labels, format } = opts.current;
      const keys = labels ? Object.keys(labels) : Object.keys(mine);
      const show = (key: string, value: unknown) => format?.(key, value) ?? defaultFormat(value);
      // Compared as shown, so a list whose rows only got new ids is not a difference.
      setDifferences(
        keys
          .map((key) => ({
            key,
            label: labels?.[key] ?? key,
            mine: show(key, mine[key]),
            theirs: show(key, theirs[key]),
          }))
          .filter((d) => d.mine !== d.theirs),
      );
    });

  const keepMine = () => {
    if (!latest.current) return;
    base.current = latest.current.version;
    setConflict(null);
    retryRef.current();
  };

  const dialog = (
    <EditConflictDialog
      conflict={conflict}
      differences={differences}
      busy={busy}
      onReload={takeTheirs}
      onCompare={compare}
      onKeepMine={keepMine}
      onClose={() => setConflict(null)}
    />
  );

  return { requestOptions, adopt, handle, open: conflict !== null, dialog };
}
