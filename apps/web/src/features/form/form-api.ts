import type { FormBody, FormRecord, FormRow } from '@idara/domain';
import type { QueryClient } from '@tanstack/react-query';
import { resourceKey } from '../../components/data-table';
import { api, type RequestOptions } from '../../lib/api';
import { useRecordById } from '../../lib/record-query';

/** Forms (docs/API.md "Forms"): definitions with versions; a task answers one version. */
export const FORM_PATH = '/api/form';
export const FORM_BASE = '/dashboard/formBuilder';
export const newFormPath = `${FORM_BASE}/new`;
export const editFormPath = (id: string) => `${FORM_BASE}/edit/${id}`;

/** A row of `GET /api/form`. */
/** `GET /api/form/:id`: the current version's fields and how many tasks answered the form. */
export type { FormRecord, FormRow };

export const formKey = (id: string) => [FORM_PATH, 'detail', id] as const;

export function useFormRecord(id: string | undefined) {
  return useRecordById(formKey, id, (id, signal) => api(`${FORM_PATH}/${id}`, { signal, stopAlert: true }), {
    retry: false,
    // The builder keeps its own copy while editing: do not reload it behind the user's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST (create) or PUT (update) with the formBody; 422 answers carry `fieldErrors` (`fields.3.key`).
 * An update passes the edit conflict's `If-Match` in `request`.
 */
export function saveForm(id: string | undefined, body: FormBody, request: RequestOptions = {}) {
  return api(id ? `${FORM_PATH}/${id}` : FORM_PATH, {
    ...request,
    method: id ? 'PUT' : 'POST',
    body,
    stopAlert: true,
  });
}

export function duplicateForm(id: string) {
  return api(`${FORM_PATH}/${id}/duplicate`, { method: 'POST' });
}

export function setFormActive(id: string, active: boolean) {
  return api(`${FORM_PATH}/${id}/active`, { method: 'PUT', body: { active } });
}

/** After a change: the saved record goes into the cache, every list of forms refreshes. */
export function afterFormChanged(queryClient: QueryClient, saved?: FormRecord) {
  if (saved) queryClient.setQueryData(formKey(saved._id), saved);
  void queryClient.invalidateQueries({
    queryKey: resourceKey(FORM_PATH),
    predicate: (q) => q.queryKey[1] !== 'detail',
  });
}
