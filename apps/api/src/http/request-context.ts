import type { FastifyRequest } from 'fastify';

/** Who did something and from where: what the activity log records with each change. */
export interface ActorContext {
  actorId: string | null;
  actorName: string;
  ip: string;
  userAgent: string;
}

export function actorOf(req: FastifyRequest): ActorContext {
  return {
    actorId: req.user?._id ?? null,
    actorName: req.user?.name ?? '',
    ip: req.ip ?? '',
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
  };
}

/**
 * Fastify's trustProxy for the configured TRUST_PROXY. Fastify treats a bare hop count as "trust
 * nothing", so a count becomes the nearest n hops here; it is only safe when nothing but the proxy
 * can reach the server (HOST=127.0.0.1 behind nginx), which DEPLOY.md says. A list is checked
 * against each hop's address.
 */
export function trustProxyOption(trust: false | number | string[]) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
