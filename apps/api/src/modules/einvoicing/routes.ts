import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { einvoices } from '../../db/schema';
import { actorOf } from '../../http/request-context';
import { productionRow } from '../../zatca/credentials';
import { readCertificate } from '../../zatca/index';
import { onboard, sellerProblems } from '../../zatca/onboarding';

const tags = ['einvoicing'];
const DAY = 86_400_000;

/** The e-invoicing connection: its state for the settings screen, and onboarding with the portal's OTP. */
export const einvoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { permissions: ['invoice:read'] }, schema: { tags } }, async () => {
    const row = await productionRow(app.db);
    const problems = await sellerProblems(app.db);
    const [attention] = await app.db
      .select({
        rejected: sql<number>`count(*) filter (where ${einvoices.status} = 'rejected')::int`,
        overdue: sql<number>`count(*) filter (where ${einvoices.status} = 'pending' and ${einvoices.scope} = 'simplified' and ${einvoices.issuedAt} < now() - interval '20 hours')::int`,
      })
      .from(einvoices);
    const cert = row ? readCertificate(row.certificate) : null;
    return {
      environment: app.config.ZATCA_ENV,
      connected: Boolean(row),
      credential:
        row && cert
          ? {
              kind: row.kind,
              environment: row.environment,
              serialNumber: cert.serialNumber,
              issuer: cert.issuer,
              notAfter: cert.notAfter,
              daysLeft: Math.floor((cert.notAfter.getTime() - Date.now()) / DAY),
            }
          : null,
      seller: { ready: Object.keys(problems).length === 0, fieldErrors: problems },
      publicUrl: Boolean(app.config.PUBLIC_URL),
      attention,
    };
  });

  app.post(
    '/onboard',
    {
      config: { permissions: ['invoice:onboard'] },
      schema: {
        tags,
        body: z.object({
          otp: z
            .string({ message: 'رمز التحقق مطلوب' })
            .trim()
            .regex(/^\d{6}$/, { message: 'رمز التحقق 6 أرقام من بوابة «فاتورة»' }),
        }),
      },
    },
    async (req, reply) => {
      const credential = await onboard(app.db, app.config, req.body.otp, actorOf(req));
      return reply.status(201).send({ credential });
    },
  );
};
