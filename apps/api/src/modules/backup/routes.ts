import type { Permission } from '@idara/domain';
import { backupFileOut, backupListOut } from '@idara/domain';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import type { BackupService } from './service';

const tags = ['backup'];
/** Backups copy every record, so only administrators (who hold `settings:update`) take or see them. */
const config = { permissions: ['settings:update'] satisfies Permission[] };

export const backupRoutes: RoutesPlugin<{ backups: BackupService }> = async (app, { backups }) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        response: { 200: backupListOut },
      },
    },
    async () => backups.list(),
  );

  app.post('/', { config, schema: { tags, response: { 201: backupFileOut } } }, async (req, reply) => {
    const backup = await backups.create(actorOf(req));
    return reply.status(201).send(backup);
  });
};
