import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { safeStorage } from '../lib/safe-storage';

const CHUNK_RELOAD_KEY = 'idara:chunk-reload';

/** Crash fallback. A stale lazy chunk after a release reloads once; other errors use the error screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  const message = error instanceof Error ? error.message : '';
  if (/dynamically imported module|Importing a module script failed/i.test(message)) {
    const last = Number(safeStorage.get(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last > 10_000) {
      safeStorage.set(CHUNK_RELOAD_KEY, String(Date.now()));
      window.location.reload();
      return null;
    }
  }
  if (isRouteErrorResponse(error))
    return <ErrorScreen statusCode={error.status} message={error.statusText} />;
  const status = (error as { status?: number } | null)?.status;
  return <ErrorScreen statusCode={status} message={message} />;
}
