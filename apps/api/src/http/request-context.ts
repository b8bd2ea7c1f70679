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
