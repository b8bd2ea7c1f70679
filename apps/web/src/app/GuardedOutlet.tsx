import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { SectionLoader } from '../components/FullPageLoader';
import { MarkPageShown } from '../lib/first-page';
import { useRouteAccess } from './use-route-access';

/** The page slot of every layout: the guard's error screen (403/404) or the lazy page. */
export function GuardedOutlet() {
  const access = useRouteAccess();
  if (access.kind === 'error') {
    return (
      <>
        <ErrorScreen statusCode={access.status} message={access.message} path={access.path} />
        <MarkPageShown />
      </>
    );
  }
  if (access.kind === 'redirect') return null;
  return (
    <Suspense fallback={<SectionLoader />}>
      <Outlet />
      <MarkPageShown />
    </Suspense>
  );
}
