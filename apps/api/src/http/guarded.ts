import type { Permission } from '@idara/domain';
import type { FastifySchema } from 'fastify';

/**
 * A route's options: the permissions a caller must hold (every one) and its schema.
 * `guarded('order:update', { tags, params: idParams, body: orderBody, response: { 200: orderOut } })`
 */
export const guarded = <S extends FastifySchema>(permission: Permission | Permission[], schema: S) => ({
  config: { permissions: Array.isArray(permission) ? permission : [permission] },
  schema,
});

/** A route's options for callers holding any one of `permissions` (the handler narrows what each sees). */
export const guardedAny = <S extends FastifySchema>(permissions: Permission[], schema: S) => ({
  config: { permissions: [] as Permission[], anyPermission: permissions },
  schema,
});
