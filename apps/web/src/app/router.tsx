import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { authStore } from '../lib/auth';
import { BlankLayout } from './layouts/BlankLayout';
import { DefaultLayout } from './layouts/DefaultLayout';
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

/** One lazy component per distinct loader (the placeholder is shared). */
const lazyCache = new Map<AppRoute['page'], React.LazyExoticComponent<React.ComponentType>>();

function toRouteObject(route: AppRoute): RouteObject {
  let Page = lazyCache.get(route.page);
  if (!Page) {
    Page = lazy(route.page);
    lazyCache.set(route.page, Page);
  }
  const { page: _page, ...meta } = route;
  pageOfRoute.set(meta, route.page);
  return { path: route.path, handle: meta, element: <Page /> };
}

const pageOfRoute = new WeakMap<RouteMeta, AppRoute['page']>();

const byLayout = (layout: 'default' | 'blank') => routes.filter((r) => (r.layout ?? 'default') === layout);

export const router = createBrowserRouter([
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

/**
 * Fetches the opened page's code while the app is still checking who is signed in, instead of
 * after (the lazy component would only ask once the layout renders it). Pages behind sign-in
 * are fetched only when a session exists.
 */
function preloadOpenedPage() {
  const meta = router.state.matches.at(-1)?.route.handle as RouteMeta | undefined;
  const page = meta && pageOfRoute.get(meta);
  if (page && (meta.notRequiredAuth || authStore.get().hasToken)) void page().catch(() => {});
}
preloadOpenedPage();
