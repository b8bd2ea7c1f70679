import { idSchema, statementOut } from '@idara/domain';
import { z } from 'zod';
import type { RoutesPlugin } from '../../http/response-contract';
import { reportTags as tags } from './common';
import { customerStatement, statementJson, statementPeriod } from './statement-query';

const params = z.object({ id: idSchema });

/** The customer statement (كشف حساب) under `/api/customer` (docs/API.md "Reports"). */
export const statementRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/:id/statement',
    {
      config: { permissions: ['report:aging'] },
      schema: { tags, params, querystring: statementPeriod, response: { 200: statementOut } },
    },
    async (req) =>
      statementJson(
        await customerStatement(app.db, req.params.id, req.query as { from: string; to: string }),
      ),
  );
};
