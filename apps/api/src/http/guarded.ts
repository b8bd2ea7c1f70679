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
