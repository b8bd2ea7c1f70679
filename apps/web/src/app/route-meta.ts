import type { Permission } from '@idara/domain';
import type { FetchQueryOptions } from '@tanstack/react-query';
import type { ComponentType } from 'react';

export type Layout = 'default' | 'blank';

/** Route meta (spec §3): notRequiredAuth, permissions, layout; plus the list key spec §6 names. */
export interface RouteMeta {
  path: string;
  /** Arabic title; the document title is `${title} | إدارة`. */
  title: string;
  layout?: Layout;
  /** Public page: no sign-in needed. */
  notRequiredAuth?: boolean;
  /** Public page that a signed-in user leaves for the home screen (the /auth/* pages). */
  guestOnly?: boolean;
  /** Every listed permission is required (spec §5). */
  permissions?: Permission[];
  /** Spec §6 "differently spelled key" on list routes; enforced like `permissions`. */
  listPermissions?: Permission[];
  /** Route validation; failure shows a fatal 404 (spec §5's «Page Not Found» + path, in Arabic). */
  validate?: (params: Record<string, string | undefined>) => boolean;
  /** The catch-all route. */
  notFound?: boolean;
}

export type PageModule = { default: ComponentType };

export interface AppRoute extends RouteMeta {
  /** Lazy page import; pages load on demand (spec §2). */
  page: () => Promise<PageModule>;
  /**
   * The request the page asks for first, started for a session that has just begun or is being
   * checked (router.tsx `preloadPage`, `preloadOpenedPage`): it then runs beside the page's code.
   */
  prefetch?: FetchQueryOptions;
}

export const APP_NAME = 'إدارة';

export function requiredPermissions(meta: RouteMeta): string[] {
  return [...(meta.permissions ?? []), ...(meta.listPermissions ?? [])];
}
