import { hasAll, holdsAny, MAINTENANCE_MESSAGE } from '@idara/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SessionCache } from '../modules/auth/session-cache';
import { resolveToken } from '../modules/auth/sessions';
import { getSettings } from '../modules/settings/service';
import { AppError, forbidden, unauthorized } from './errors';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * One guard for every API route: resolves the bearer token, then enforces the route's
 * `config.public` / `config.permissions` / `config.anyPermission`, then maintenance mode. Runs before the body is
 * parsed, so a refused request costs no parsing and no validation.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  app.events.on('sessions.revoked', ({ userId, sessionIds }) =>
    sessionIds.length ? cache.dropSessions(sessionIds) : cache.dropUser(userId),
  );
  app.events.on('user.changed', ({ userId }) => cache.dropUser(userId));

  app.addHook('onRequest', async (req) => {
    // Outside the API, the docs, and unmatched paths (answered 404 by the not-found handler).
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs') || !req.routeOptions.url) return;
    const config = req.routeOptions.config ?? {};
    const token = bearerToken(req);
    if (token && token.length <= 200) {
      const resolved = await resolveToken(app.db, token, cache);
      if (resolved) {
        req.user = resolved.user;
        req.sessionId = resolved.sessionId;
      } else if (!config.public) {
        throw unauthorized(true);
      }
    }
    if (config.public) return;
    if (!req.user) throw unauthorized(Boolean(token));
    if (!hasAll(req.user.permissions, config.permissions)) throw forbidden();
    if (config.anyPermission && !holdsAny(req.user.permissions, config.anyPermission)) throw forbidden();

    if (!req.user.permissions.includes('settings:update') && req.routeOptions.url !== '/api/auth/signout') {
      const settings = await getSettings(app.db);
      if (settings.maintenanceMode) {
        throw new AppError(503, MAINTENANCE_MESSAGE, { maintenance: true }, { 'Retry-After': '300' });
      }
    }
  });
}
