import {
  type Answers,
  type Task,
  type TaskAttachment,
  type TaskReview,
  type TaskRow,
  type TaskStatus,
  taskOpenStatuses,
  taskStatuses,
  taskStatusLabels,
} from '@idara/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '../../lib/api';
import type { Query } from '../../lib/api-routes';
import { useRecordById } from '../../lib/record-query';

export type { TaskStatus };

/** Tasks (docs/API.md "Tasks"). */
export const TASK_PATH = '/api/task';
export const TASK_LIST_BASE = '/dashboard/task';
export const MY_TASKS_BASE = '/tasks';
export const taskPath = (id: string) => `${MY_TASKS_BASE}/${id}`;

/** A row of `GET /api/task`. */
/** `GET /api/task/:id`: the row plus what the screen needs to work on it. */
export type { Task, TaskAttachment, TaskReview, TaskRow };

export const taskKey = (id: string) => [TASK_PATH, 'record', id] as const;

export function useTask(id: string | undefined) {
  return useRecordById(taskKey, id, (id, signal) => api(`${TASK_PATH}/${id}`, { stopAlert: true, signal }), {
    retry: false,
  });
}

/** A page of tasks; with a literal `fields` its rows have those columns (lib/api-routes.ts). */
export function useTaskList<const Q extends Query>(query: Q, enabled = true) {
  return useQuery({
    queryKey: [TASK_PATH, 'list', query],
    queryFn: ({ signal }) => api(TASK_PATH, { query, signal, stopAlert: true }),
    enabled,
  });
}

/** After a write: the record (when the answer is a whole task), every task list and the dashboard refresh. */
export function afterTaskChanged(queryClient: QueryClient, saved?: Partial<Task> & { _id: string }) {
  if (saved?.can && Array.isArray(saved.attachments)) {
    queryClient.setQueryData(taskKey(saved._id), saved);
  }
  void queryClient.invalidateQueries({ queryKey: [TASK_PATH] });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/activity'] });
}

// ---- Commands ----------------------------------------------------------------------------------

export const startTask = (id: string) => api(`${TASK_PATH}/${id}/start`, { method: 'POST' });

export const saveTaskAnswers = (id: string, answers: Answers) =>
  api(`${TASK_PATH}/${id}/answers`, { method: 'PUT', body: { answers } });

/** 422 `fieldErrors` keyed `answers.<fieldKey>` when an answer is refused; the caller shows them. */
export const submitTask = (id: string, answers: Answers) =>
  api(`${TASK_PATH}/${id}/submit`, { method: 'POST', body: { answers }, stopAlert: true });

export const reviewTask = (id: string, decision: 'approve' | 'return', note: string) =>
  api(`${TASK_PATH}/${id}/review`, { method: 'POST', body: { decision, note } });

export const assignTasks = (ids: string[], assignee: string) =>
  api(`${TASK_PATH}/assign`, { method: 'POST', body: { ids, assignee } });

/** `POST /api/task/:id/files?field=key` (multipart, one file) → the attachment; its `_id` is the answer. */
export function uploadTaskFile(id: string, field: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api(`${TASK_PATH}/${id}/files`, { method: 'POST', query: { field }, body });
}

/** The bytes of an attachment (the bearer token goes along, so a plain <img src> cannot fetch it). */
export async function loadTaskFile(id: string, fileId: string): Promise<Blob> {
  const res = await apiFetch(`${TASK_PATH}/${id}/files/${fileId}`, { stopAlert: true });
  return res.blob();
}

/** Counted tasks: 'مهمة واحدة', 'مهمتان', '3 مهام', '11 مهمة'. */
export const TASKS = {
  one: 'مهمة واحدة',
  two: 'مهمتان',
  few: '{n} مهام',
  many: '{n} مهمة',
  other: '{n} مهمة',
};

// ---- Status ------------------------------------------------------------------------------------

export const taskStatusColors: Record<TaskStatus, string> = {
  pending: 'blue',
  in_progress: 'orange',
  submitted: 'violet',
  approved: 'teal',
  returned: 'red',
};

export const taskStatusOptions = taskStatuses.map((s) => ({ value: s, label: taskStatusLabels[s] }));

export const isOpenTask = (status: TaskStatus) => taskOpenStatuses.includes(status);

/** Past its due time and still in the assignee's hands. */
export function isOverdue(task: { status: TaskStatus; dueAt: string | null }, now = Date.now()): boolean {
  return !!task.dueAt && isOpenTask(task.status) && new Date(task.dueAt).getTime() < now;
}
