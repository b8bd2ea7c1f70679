import type { User } from '@idara/domain';
import { can } from '../lib/auth';
import { type RouteMeta, requiredPermissions } from './route-meta';

/**
 * The spec's 404 messages («Page not found: {path}», and «Page Not Found» + path for a route whose
 * parameters fail its check), said in Arabic; the path follows, isolated left to right.
 */
export const NO_SUCH_PAGE = 'لا توجد صفحة بهذا العنوان:';
export const NO_SUCH_RECORD_PAGE = 'الرابط لا يدل على سجل صالح:';

export type Access =
  | { kind: 'ok' }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; status: number; message: string; path?: string };

export const FORBIDDEN_MESSAGE = 'ليس لديك صلاحية للوصول إلى هذه الصفحة';

/** Same-origin relative paths only ('/x', not '//host' or '/\\host'); anything else goes home. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}

/** May this user open this route? The one permission check (guard, sidebar, home cards). */
export function canOpen(meta: RouteMeta, user: User | null): boolean {
  if (meta.notRequiredAuth) return true;
  return user !== null && can(user, requiredPermissions(meta));
}

export interface AccessInput {
  meta: RouteMeta | undefined;
  user: User | null;
  signedOut: boolean;
  /** pathname + search + hash of the current location. */
  fullPath: string;
  pathname: string;
  search: URLSearchParams;
  params: Record<string, string | undefined>;
}

/** The one guard (spec §2, §5): auth, then permissions, then route validation. */
export function evaluateAccess({
  meta,
  user,
  signedOut,
  fullPath,
  pathname,
  search,
  params,
}: AccessInput): Access {
  if (!meta || meta.notFound) return { kind: 'error', status: 404, message: NO_SUCH_PAGE, path: pathname };
  if (meta.notRequiredAuth) {
    if (meta.guestOnly && user) return { kind: 'redirect', to: safeRedirect(search.get('redirect')) };
    return { kind: 'ok' };
  }
  if (!user) {
    const to = signedOut ? '/auth/signin' : `/auth/signin?redirect=${encodeURIComponent(fullPath)}`;
    return { kind: 'redirect', to };
  }
  if (!canOpen(meta, user)) return { kind: 'error', status: 403, message: FORBIDDEN_MESSAGE };
  if (meta.validate && !meta.validate(params)) {
    return { kind: 'error', status: 404, message: NO_SUCH_RECORD_PAGE, path: pathname };
  }
  return { kind: 'ok' };
}
