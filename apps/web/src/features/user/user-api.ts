import { rolePresets, type User } from '@idara/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authStore, setCurrentUser } from '../../lib/auth';
import { useRecordById } from '../../lib/record-query';
import { userDirectoryQuery } from '../../lib/user-directory';

export type UserRecord = User;

export const USER_PATH = '/api/user';
/** The way back from a user's pages to the list. */
export const BACK_TO_USERS = { backTo: '/dashboard/user', backLabel: 'العودة إلى المستخدمين' };

export const userKey = (id: string) => [USER_PATH, 'record', id] as const;

export function useUserRecord(id: string | undefined) {
  return useRecordById(userKey, id, (id) => api(`${USER_PATH}/${id}`, { stopAlert: true }));
}

/** The whole record PUT expects (it replaces every field). */
export function userBody(u: UserRecord) {
  return {
    name: u.name,
    phoneNumber: u.phoneNumber,
    email: u.email ?? '',
    jobTitle: u.jobTitle ?? '',
    ...(u.gender ? { gender: u.gender } : {}),
    role: u.role,
    permissions: u.permissions,
    active: u.active,
  };
}

/** After a write: cache the record, refresh lists, the directory and the log; the signed-in user follows. */
export function afterUserSaved(queryClient: QueryClient, saved: UserRecord) {
  queryClient.setQueryData(userKey(saved._id), saved);
  void queryClient.invalidateQueries({ queryKey: [USER_PATH] });
  void queryClient.invalidateQueries({ queryKey: userDirectoryQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: ['/api/activity'] });
  if (authStore.get().user?._id === saved._id) setCurrentUser(saved);
}

export const roleOptions = Object.entries(rolePresets).map(([value, p]) => ({ value, label: p.label }));

/**
 * The preset a new user's form starts from: the one granting least (a technician sees only the tasks
 * given to them), so a user added in haste gets no more than that until a role is chosen.
 */
export const DEFAULT_ROLE = 'technician';
