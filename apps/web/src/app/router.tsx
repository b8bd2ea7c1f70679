import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { authStore } from '../lib/auth';
import { markFirstPageCodeReady } from '../lib/first-page';
import { setNextPagePreloader } from '../lib/next-page';
import { type Preloadable, preloadable } from '../lib/preloadable';
import { queryClient } from '../lib/query-client';
import { safeRedirect } from './access';
import { BlankLayout } from './layouts/BlankLayout';
import { DefaultLayout, loadHeaderActions } from './layouts/DefaultLayout';
import { RootRoute } from './RootRoute';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import type { AppRoute, RouteMeta } from './route-meta';
import { routes } from './routes';

const notFoundMeta: RouteMeta = {
  path: '*',
  title: 'الصفحة غير موجودة',
  layout: 'blank',
  notRequiredAuth: true,
  notFound: true,
};

interface PageEntry {
  /** Tells React two routes hold different pages (the component type alone is the same). */
  key: string;
  Page: Preloadable<object>;
}

/** One entry per distinct loader (the placeholder is shared). */
const pages = new Map<AppRoute['page'], PageEntry>();

/**
 * A route's page: rendered at once when its code has already arrived (the opened page is fetched
 * with the session check), lazily otherwise (lib/preloadable).
 */
function pageEntry(loader: AppRoute['page']): PageEntry {
  const cached = pages.get(loader);
  if (cached) return cached;
  const entry: PageEntry = { key: `page-${pages.size}`, Page: preloadable(loader) };
  pages.set(loader, entry);
  return entry;
}

function toRouteObject(route: AppRoute): RouteObject {
  const entry = pageEntry(route.page);
  const { page: _page, prefetch, ...meta } = route;
  preloaders.set(meta, entry.Page.load);
  if (prefetch) prefetchers.set(meta, prefetchOf(prefetch));
  return { path: route.path, handle: meta, element: <entry.Page key={entry.key} /> };
}

const preloaders = new WeakMap<RouteMeta, () => Promise<unknown>>();
/** The request each page asks for first (AppRoute.prefetch). */
const prefetchers = new WeakMap<RouteMeta, () => void>();
const prefetchOf = (query: NonNullable<AppRoute['prefetch']>) => () => void queryClient.prefetchQuery(query);

const byLayout = (layout: 'default' | 'blank') => routes.filter((r) => (r.layout ?? 'default') === layout);

const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <RootRoute />,
      errorElement: <RouteErrorBoundary />,
      children: [
        { element: <DefaultLayout />, children: byLayout('default').map(toRouteObject) },
        {
          element: <BlankLayout />,
          children: [
            ...byLayout('blank').map(toRouteObject),
            { path: '*', handle: notFoundMeta, element: null },
          ],
        },
      ],
    },
  ]);

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The app's router, made on first use: main.tsx makes it in a task of its own. */
export function appRouter() {
  router ??= createAppRouter();
  return router;
}

/**
 * Fetches the opened page's code while the app is still checking who is signed in, instead of
 * after (the lazy component would only ask once the layout renders it). Pages behind sign-in
 * are fetched only when a session exists.
 */
export function preloadOpenedPage() {
  const meta = appRouter().state.matches.at(-1)?.route.handle as RouteMeta | undefined;
  const load = meta && preloaders.get(meta);
  if (load && (meta.notRequiredAuth || authStore.get().hasToken)) {
    load().then(markFirstPageCodeReady, markFirstPageCodeReady);
    // Its first request too, beside the session check rather than after the page has rendered.
    if (!meta.notRequiredAuth) prefetchers.get(meta)?.();
  } else {
    markFirstPageCodeReady();
  }
}

const metaAt = new Map<string, RouteMeta | undefined>();

/**
 * Fetches the code of the page at `path` ahead of going there — with, in the signed-in frame, the
 * header's menus — and, with `data` (a session has begun), the request the page asks for first.
 * For the sign-in page (lib/next-page.ts), as the person starts typing and again once signed in:
 * the next page and its figures then arrive beside the sign-in's answer, not one after another
 * behind it.
 */
function preloadPage(path: string, { data = false } = {}) {
  const pathname = path.split(/[?#]/)[0];
  // Matched once per address: matching flattens and ranks the whole route table.
  let meta = metaAt.get(pathname);
  if (!metaAt.has(pathname)) {
    meta = matchRoutes(appRouter().routes, pathname)?.at(-1)?.route.handle as RouteMeta | undefined;
    metaAt.set(pathname, meta);
  }
  if (!meta || meta.notFound) return;
  preloaders
    .get(meta)?.()
    .catch(() => {});
  if ((meta.layout ?? 'default') === 'default') loadHeaderActions().catch(() => {});
  if (data) prefetchers.get(meta)?.();
}

// Once signed in the guard sends the person to `?redirect=` or home (access.ts).
setNextPagePreloader(({ data }) =>
  preloadPage(safeRedirect(new URLSearchParams(window.location.search).get('redirect')), { data }),
);
