import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { applyFieldErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useInvalidateResource } from '../data-table/use-list-query';
import { type EditConflict, useEditConflict } from './use-edit-conflict';
import { useUnsavedChangesGuard } from './use-unsaved-guard';

/** `GET <resourcePath>/:id` (cached under the resource key, so list invalidation refreshes it). */
export function useRecord<T>(
  resourcePath: string,
  id: string | undefined,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [resourcePath, 'detail', id],
    queryFn: ({ signal }) => api<T>(`${resourcePath}/${id}`, { signal }),
    enabled: !!id && (options.enabled ?? true),
    retry: false,
  });
}

type Values = Record<string, unknown>;

export interface UseEntityFormOptions<V extends Values, R = Record<string, unknown>> {
  /** `/api/<x>`: create = POST here, edit = PUT `<resourcePath>/:id`. */
  resourcePath: string;
  /** Edit mode when set: the record is loaded into the form. */
  id?: string;
  /** The domain body schema (validates on submit; `schema.parse(values)` is the request body). */
  schema: z.ZodType;
  initialValues: V;
  /** Record → form values; by default the keys of `initialValues` taken from the record (null → ''). */
  fromRecord?: (record: R) => V;
  /** Form values → request body; `schema.parse(values)` by default. */
  toBody?: (values: V) => unknown;
  /** Replaces the default POST/PUT (gets the body, and for a PUT the `If-Match` request options). */
  save?: (body: unknown, values: V, request: ReturnType<EditConflict<R>['requestOptions']>) => Promise<R>;
  /** Field labels for the edit-conflict comparison. */
  labels?: Record<string, string>;
  /** Where to go after saving: a path or a function of the saved record; nowhere when omitted. */
  redirectTo?: string | ((saved: R) => string);
  /** 'تم الحفظ' by default. */
  successMessage?: string;
  onSaved?: (saved: R) => void;
}

export interface EntityForm<V extends Values, R = Record<string, unknown>> {
  form: UseFormReturnType<V>;
  isEdit: boolean;
  record: R | undefined;
  /** Edit mode and the record is still loading. */
  loading: boolean;
  /** The record could not be loaded (404 …). */
  loadError: Error | null;
  saving: boolean;
  /** The `<form onSubmit>` handler: validate → save → toast → redirect; 422 fieldErrors land on fields. */
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
  /** Lets the next navigation pass the unsaved-changes guard. */
  allowLeave: () => void;
  /** The edit-conflict dialog (someone saved in between): render it inside the form. */
  conflictDialog: React.ReactNode;
}

function pickValues<V extends Values>(initial: V, record: Record<string, unknown>): V {
  const out: Values = {};
  for (const key of Object.keys(initial)) {
    const v = record[key];
    out[key] = v === null || v === undefined ? initial[key] : v;
  }
  return out as V;
}

/**
 * Mantine form + the domain zod schema + the API: loads the record in edit mode, validates on submit,
 * saves, maps 422 `fieldErrors` onto the fields, toasts 'تم الحفظ', refreshes the resource's lists
 * and redirects; warns before leaving with unsaved changes.
 */
export function useEntityForm<V extends Values, R = Record<string, unknown>>(
  options: UseEntityFormOptions<V, R>,
): EntityForm<V, R> {
  const { resourcePath, id, schema, initialValues } = options;
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(resourcePath);
  const recordQuery = useRecord<R>(resourcePath, id);
  const [saving, setSaving] = useState(false);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
  const guard = useUnsavedChangesGuard(form.isDirty());

  const record = recordQuery.data;
  const toValues = (r: R) =>
    options.fromRecord ? options.fromRecord(r) : pickValues(initialValues, r as Record<string, unknown>);
  const conflict = useEditConflict<V, R>({
    form,
    path: id ? `${resourcePath}/${id}` : undefined,
    toValues,
    labels: options.labels,
    onLatest: () => void invalidate(),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the record once it arrives
  useEffect(() => {
    // A refetch while I edit keeps my values and the version I started from: saving then meets the
    // edit-conflict dialog instead of my edits vanishing behind my back.
    if (!record || form.isDirty()) return;
    const values = toValues(record);
    form.setValues(values);
    form.resetDirty(values);
    conflict.adopt(record);
  }, [record]);

  const save = async (values: V) => {
    setSaving(true);
    try {
      const body = options.toBody ? options.toBody(values) : schema.parse(values);
      const request = id ? conflict.requestOptions() : {};
      const saved = options.save
        ? await options.save(body, values, request)
        : await api<R>(id ? `${resourcePath}/${id}` : resourcePath, {
            method: id ? 'PUT' : 'POST',
            body,
            ...request,
          });
      conflict.adopt(saved);
      form.resetDirty(values);
      notify.success(options.successMessage ?? 'تم الحفظ');
      options.onSaved?.(saved);
      void invalidate();
      if (options.redirectTo) {
        guard.allowLeave();
        navigate(typeof options.redirectTo === 'function' ? options.redirectTo(saved) : options.redirectTo);
      }
    } catch (e) {
      if (!conflict.handle(e, () => void save(form.getValues()))) applyFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  };
  const submit = form.onSubmit(save, focusFirstError);

  return {
    form,
    isEdit: !!id,
    record,
    loading: !!id && recordQuery.isPending,
    loadError: recordQuery.error,
    saving,
    submit,
    allowLeave: guard.allowLeave,
    conflictDialog: conflict.dialog,
  };
}
