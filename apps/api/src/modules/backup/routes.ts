import type { Permission } from '@idara/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/request-context';
import type { BackupService } from './service';

const tags = ['backup'];
/** Backups copy every record, so only administrators (who hold `settings:update`) take or see them. */
const config = { permissions: ['settings:update'] satisfies Permission[] };

const backupFile = z.object({
  file: z.string().describe('absolute path on the server'),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});

export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        response: {
          200: z.object({
            data: z.array(backupFile),
            lastSuccessAt: z.string().nullable(),
            lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
            dir: z.string(),
            engine: z.enum(['pglite', 'postgres']),
            intervalHours: z.number(),
            keep: z.number().int(),
          }),
        },
      },
    },
    async () => backups.list(),
  );

  app.post('/', { config, schema: { tags, response: { 201: backupFile } } }, async (req, reply) => {
    const backup = await backups.create(actorOf(req));
    return reply.status(201).send(backup);
  });
};
