import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { apiUntyped, isApiError } from '../../lib/api';
import { applyFieldErrors, focusFirstError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useInvalidateResource } from '../data-table/use-list-query';
import { type EditConflict, type EditConflictOptions, useEditConflict } from './use-edit-conflict';
import { useUnsavedChangesGuard } from './use-unsaved-guard';

/** `GET <resourcePath>/:id` (cached under the resource key, so list invalidation refreshes it). */
export function useRecord<T>(
  resourcePath: string,
  id: string | undefined,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [resourcePath, 'detail', id],
    queryFn: ({ signal }) => apiUntyped<T>(`${resourcePath}/${id}`, { signal }),
    enabled: !!id && (options.enabled ?? true),
    retry: false,
  });
}

type Values = Record<string, any>;
type FormErrors = Record<string, string>;

export interface UseEntityFormOptions<V extends Values, R = Record<string, unknown>> {
  /** `/api/<x>`: create = POST here, edit = PUT `<resourcePath>/:id` (a singleton: PUT here). */
  resourcePath: string;
  /** Edit mode when set: the record is loaded into the form. */
  id?: string;
  /** One record without an id (the settings): always a PUT to `resourcePath`, its record given in `record`. */
  singleton?: boolean;
  /**
   * The record when the page has it already (a gate that loaded it, a shared cache): the form
   * starts from it and nothing is fetched here. Without it the record is fetched by `id`.
   */
  record?: R;
  /** The domain body schema: checks `toBody(values)` on submit and shapes the request body. */
  schema: z.ZodType;
  initialValues: V;
  /** Record → form values; by default the keys of `initialValues` taken from the record (null → ''). */
  fromRecord?: (record: R) => V;
  /** Form values → what the schema checks and the request sends; the values themselves by default. */
  toBody?: (values: V) => unknown;
  /** Checks beyond the schema's, added to its errors (`field` or `list.0.field` → Arabic message). */
  validate?: (values: V, errors: FormErrors) => void;
  /** Replaces the default POST/PUT (gets the body, and for a PUT the `If-Match` request options). */
  save?: (body: unknown, values: V, request: ReturnType<EditConflict<R>['requestOptions']>) => Promise<R>;
  /** Field labels and value formatting for the edit-conflict comparison. */
  labels?: Record<string, string>;
  format?: EditConflictOptions<V, R>['format'];
  /** The record comes without its version (fields only): the comparison fetches it. */
  fetchVersion?: boolean;
  /** The edit-conflict dialog loaded the latest record: refresh caches with it; the resource's lists by default. */
  onLatest?: (record: R) => void;
  /**
   * The request shows no toast of its own: errors that land on fields stay there, anything else
   * (and a refusal beside field errors) is said once. By default the API client's toast says it.
   */
  quietErrors?: boolean;
  /** The user may only look (no version is fetched for a save that cannot come). */
  readOnly?: boolean;
  /** Warn before leaving with unsaved changes; true by default. */
  guardUnsaved?: boolean;
  /** Where to go after saving: a path or a function of the saved record; nowhere when omitted. */
  redirectTo?: string | ((saved: R) => string);
  /** 'تم الحفظ' by default; null when the screen itself shows what happened next. */
  successMessage?: string | null;
  onSaved?: (saved: R, body: unknown) => void;
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
  /** Whether that dialog is open (a modal form keeps Escape for it). */
  conflictOpen: boolean;
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
 * The one form mechanism: Mantine form + the domain zod schema + the API. Loads the record in edit
 * mode (or starts from the one given), validates on submit, saves with `If-Match` (a conflict opens
 * one dialog), maps 422 `fieldErrors` onto the fields, toasts, refreshes the resource's lists and
 * redirects; warns before leaving with unsaved changes.
 */
export function useEntityForm<V extends Values, R = Record<string, unknown>>(
  options: UseEntityFormOptions<V, R>,
): EntityForm<V, R> {
  const { resourcePath, id, schema, initialValues, singleton } = options;
  const navigate = useNavigate();
  const invalidate = useInvalidateResource(resourcePath);
  const given = options.record;
  const recordQuery = useRecord<R>(resourcePath, id, { enabled: given === undefined && !singleton });
  const [saving, setSaving] = useState(false);
  const toValues = (r: R) =>
    options.fromRecord ? options.fromRecord(r) : pickValues(initialValues, r as Record<string, unknown>);
  const bodyOf = (values: V) => (options.toBody ? options.toBody(values) : values);
  const resolve = schemaResolver(schema, { sync: true });
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: given && !singleton ? toValues(given) : initialValues,
    validate: (values) => {
      const errors = resolve(bodyOf(values)) as FormErrors;
      options.validate?.(values, errors);
      return errors;
    },
  });
  const guard = useUnsavedChangesGuard((options.guardUnsaved ?? true) && form.isDirty());
  const editing = !!id || !!singleton;
  const target = singleton ? resourcePath : id ? `${resourcePath}/${id}` : undefined;

  const record = given ?? recordQuery.data;
  const conflict = useEditConflict<V, R>({
    form,
    path: options.readOnly ? undefined : target,
    record: given,
    fetchVersion: options.fetchVersion,
    toValues,
    labels: options.labels,
    format: options.format,
    onLatest: options.onLatest ?? (() => void invalidate()),
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
      const body = schema.parse(bodyOf(values));
      const request = editing ? conflict.requestOptions() : {};
      const saved = options.save
        ? await options.save(body, values, request)
        : await apiUntyped<R>(target ?? resourcePath, {
            method: editing ? 'PUT' : 'POST',
            body,
            ...(options.quietErrors && { stopAlert: true }),
            ...request,
          });
      conflict.adopt(saved);
      form.resetDirty(values);
      if (options.successMessage !== null) notify.success(options.successMessage ?? 'تم الحفظ');
      options.onSaved?.(saved, body);
      void invalidate();
      if (options.redirectTo) {
        guard.allowLeave();
        navigate(typeof options.redirectTo === 'function' ? options.redirectTo(saved) : options.redirectTo);
      }
    } catch (e) {
      if (conflict.handle(e, () => void save(form.getValues()))) return;
      const onFields = applyFieldErrors(form, e);
      if (options.quietErrors && (!onFields || (isApiError(e) && e.status !== 422 && e.status !== 409)))
        notify.error(e instanceof Error ? e.message : 'حدث خطأ');
    } finally {
      setSaving(false);
    }
  };
  const submit = form.onSubmit(save, focusFirstError);

  return {
    form,
    isEdit: editing,
    record,
    loading: !!id && given === undefined && recordQuery.isPending,
    loadError: recordQuery.error,
    saving,
    submit,
    allowLeave: guard.allowLeave,
    conflictDialog: conflict.dialog,
    conflictOpen: conflict.open,
  };
}
