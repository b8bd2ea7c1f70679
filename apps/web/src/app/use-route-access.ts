import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAuth } from '../lib/auth';
import { type Access, evaluateAccess } from './access';
import { useRouteMeta } from './use-route-meta';

export function useRouteAccess(): Access {
  const meta = useRouteMeta();
  const { user, signedOut } = useAuth();
  const location = useLocation();
  const params = useParams();
  return useMemo(
    () =>
      evaluateAccess({
        meta,
        user,
        signedOut,
        // The address bar, not the rendered location: a session that ends while a navigation is
        // still rendering (its page loading) sends the user back to where they were going.
        fullPath: window.location.pathname + window.location.search + window.location.hash,
        pathname: location.pathname,
        search: new URLSearchParams(location.search),
        params,
      }),
    [meta, user, signedOut, location, params],
  );
}
