import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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
  return { path: route.path, handle: meta, element: <Page /> };
}

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
