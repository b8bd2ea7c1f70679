import { apiRoutes, messageOut, userOut } from '@idara/domain';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app';
import { useTestApp } from '../test/fixture';

type Table = Pick<RouteEntry, 'method' | 'url' | 'response'>[];

/**
 * Where the contract's route map (packages/domain `apiRoutes`, what the web client is typed by) and
 * the routes the app registers part: a route missing from the map, a route whose declared success
 * answer (every 2xx of `schema.response`) is not the map's very schema object, a map entry no route has.
 */
function routeMapProblems(table: Table, map: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const routes = table.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    seen.add(key);
    if (!Object.hasOwn(map, key)) {
      problems.push(`${key}: not in the route map`);
      continue;
    }
    const success = Object.entries(route.response ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    if (success.length === 0) problems.push(`${key}: declares no success answer`);
    for (const [status, schema] of success)
      if (schema !== map[key]) problems.push(`${key}: its ${status} schema is not the route map's`);
  }
  for (const key of Object.keys(map))
    if (!seen.has(key)) problems.push(`${key}: in the route map, not in the app`);
  return problems;
}

describe('the route map is the app’s contract', () => {
  const t = useTestApp({ signedIn: false });

  it('names every route with the very schema it declares, and no other route', () => {
    expect(Object.keys(apiRoutes).length).toBeGreaterThan(150);
    expect(routeMapProblems(t.app.routeTable, apiRoutes)).toEqual([]);
  });

  it('fails on a schema swapped, a route missing and a route too many', () => {
    const table = t.app.routeTable;
    const swapped = { ...apiRoutes, 'GET /api/auth/me': messageOut };
    expect(routeMapProblems(table, swapped)).toEqual([
      "GET /api/auth/me: its 200 schema is not the route map's",
    ]);
    const { 'GET /api/auth/me': _me, ...missing } = apiRoutes;
    expect(routeMapProblems(table, missing)).toEqual(['GET /api/auth/me: not in the route map']);
    const extra = { ...apiRoutes, 'GET /api/auth/whoami': userOut };
    expect(routeMapProblems(table, extra)).toEqual([
      'GET /api/auth/whoami: in the route map, not in the app',
    ]);
    // A structurally equal copy is not the route's schema: the map must hold the declared object.
    const copy = { ...apiRoutes, 'GET /api/auth/me': userOut.extend({}) };
    expect(routeMapProblems(table, copy)).toHaveLength(1);
  });
});
