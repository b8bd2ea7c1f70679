import { api } from '../../lib/api';

/**
 * `GET /api/dashboard` (docs/API.md "Home dashboard"): one call for the whole home screen; errors
 * are shown in place (no toast). Apart from the screen's code, so that the route table can ask for
 * it as the session starts, beside home's code rather than after it has arrived and rendered.
 */
export const dashboardQuery = {
  queryKey: ['dashboard'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api('/api/dashboard', { stopAlert: true, signal }),
};
