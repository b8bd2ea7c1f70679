import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { MaintenanceScreen } from '../components/MaintenanceScreen';
import { can, loadCurrentUser, useAuth } from '../lib/auth';
import { useRuleRedirect } from '../lib/build-metadata';
import { useFirstPageCodeReady } from '../lib/first-page';
import { useMaintenance } from '../lib/maintenance';
import { DocumentTitle } from './DocumentTitle';
import { ScrollManager } from './ScrollManager';
import { useProtectedEntry, useSocketLifecycle } from './use-protected-entry';
import { useRouteAccess } from './use-route-access';
import { useRouteMeta } from './use-route-meta';

/** Top route: loads the user for a stored token, applies guard redirects, runs per-page effects. */
export function RootRoute() {
  const { user, hasToken, checking } = useAuth();
  const maintenance = useMaintenance();
  const meta = useRouteMeta();
  const access = useRouteAccess();
  const isProtected = !!meta && !meta.notRequiredAuth && !meta.notFound;
  const needsUser = hasToken && !user;
  // The loader stays until the signed-in user and the opened page's code are both here. They
  // arrive through stores, and a store update renders synchronously — the whole layout and page in
  // one long task; deferred, the loader stays a moment longer and the app renders in an
  // interruptible background pass. Deferred from `true`: should a store change during the first
  // (interruptible) render, React redoes it synchronously, and that redo must draw the loader, not
  // the page.
  const pageCodeReady = useFirstPageCodeReady();
  const waiting = needsUser || !pageCodeReady;
  const stillWaiting = useDeferredValue(waiting, true);
  const { pathname, search, hash } = useLocation();
  const rules = useRuleRedirect(pathname, !meta || !!meta.notFound);
  const ruleTarget = rules.target;

  useEffect(() => {
    if (needsUser) void loadCurrentUser();
  }, [needsUser]);

  const signedInHere = isProtected && user !== null;
  useProtectedEntry(signedInHere);
  useSocketLifecycle(signedInHere);

  let content: React.ReactNode;
  if (ruleTarget) {
    content = <Navigate replace to={`${ruleTarget}${search}${hash}`} />;
  } else if (!rules.loaded && (!meta || meta.notFound)) {
    // An unknown path may be a rule's source: wait for the rules before saying 404.
    content = <FullPageLoader />;
  } else if (isProtected && maintenance.blocked && hasToken && !can(user, ['settings:update'])) {
    content = <MaintenanceScreen message={maintenance.message} />;
  } else if ((waiting || stillWaiting) && !maintenance.blocked) {
    content = <FullPageLoader />;
  } else if (checking && access.kind !== 'ok') {
    // The remembered user (lib/auth) may lack what the server now grants: ask before refusing.
    content = <FullPageLoader />;
  } else if (access.kind === 'redirect') {
    content = <Navigate replace to={access.to} />;
  } else {
    content = <Outlet />;
  }

  return (
    <>
      <DocumentTitle />
      <ScrollManager />
      {content}
    </>
  );
}
