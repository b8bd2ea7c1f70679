import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixture';

let nobody: string;
const t = useTestApp();
beforeAll(async () => {
  nobody = (await t.userWith('employee', [])).token;
});

const concrete = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('permission matrix, generated from the server route table', () => {
  it('covers the API', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(40);
    // every non-public API route other than the caller's own account states its permissions; the
    // dashboard is open to every signed-in user and leaves out each part they may not read
    // (tested in dashboard.test.ts); notifications are each user's own (notification.test.ts)
    const ownAccount = /^\/api\/(auth|settings|dashboard|notification)/;
    const unguarded = api.filter(
      (r) =>
        !r.public && r.permissions.length === 0 && r.anyPermission.length === 0 && !ownAccount.test(r.url),
    );
    expect(unguarded.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every guarded route: no token → 401, token without the permission → 403, with it → neither', async () => {
    const guarded = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && (r.permissions.length > 0 || r.anyPermission.length > 0),
    );
    for (const route of guarded) {
      const request = {
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      };
      const anonymous = await t.inject(request);
      expect(anonymous.statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      const refused = await t.inject({ ...request, token: nobody });
      expect(refused.statusCode, `${route.method} ${route.url} without ${route.permissions}`).toBe(403);
      expect(refused.json().message).toMatch(/صلاحية/);
      const allowed = await t.inject({ ...request, token: t.admin });
      expect([401, 403], `${route.method} ${route.url} as admin`).not.toContain(allowed.statusCode);
      expect(allowed.statusCode, `${route.method} ${route.url} as admin never 500`).toBeLessThan(500);
    }
  });
});
