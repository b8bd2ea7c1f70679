import { einvoicingAttentionOut, einvoicingCredentialOut, einvoicingStateOut } from '@idara/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { einvoices } from '../../db/schema';
import { guarded } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { productionRow } from '../../zatca/credentials';
import { readCertificate } from '../../zatca/index';
import { onboard, renew } from '../../zatca/onboarding';
import { overdueSimplified } from '../../zatca/submissions';
import { sellerProblems } from '../invoice/parties';

const tags = ['einvoicing'];
const DAY = 86_400_000;

const otpBody = z.object({
  otp: z
    .string({ message: 'رمز التحقق مطلوب' })
    .trim()
    .regex(/^\d{6}$/, { message: 'رمز التحقق 6 أرقام من بوابة «فاتورة»' }),
});

/** The e-invoicing connection: its state for the settings screen, and onboarding with the portal's OTP. */
export const einvoicingRoutes: RoutesPlugin = async (app) => {
  app.get('/', guarded('invoice:read', { tags, response: { 200: einvoicingStateOut } }), async () => {
    const row = await productionRow(app.db);
    const problems = await sellerProblems(app.db);
    const [attention] = await app.db
      .select({
        rejected: sql<number>`count(*) filter (where ${einvoices.status} = 'rejected')::int`,
        overdue: sql<number>`count(*) filter (where ${overdueSimplified()})::int`,
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

  // Connecting and renewing take the same OTP and answer the new credential.
  for (const [path, connect] of [
    ['/onboard', onboard],
    ['/renew', renew],
  ] as const) {
    app.post(
      path,
      guarded('invoice:onboard', { tags, body: otpBody, response: { 201: einvoicingCredentialOut } }),
      async (req, reply) => {
        const credential = await connect(app.db, app.config, req.body.otp, actorOf(req));
        return reply.status(201).send({ credential });
      },
    );
  }

  /** The documents behind `attention`: rejected ones, and simplified ones unreported for 20 hours. */
  app.get(
    '/attention',
    guarded('invoice:read', { tags, response: { 200: einvoicingAttentionOut } }),
    async () => {
      const columns = {
        _id: einvoices._id,
        kind: einvoices.kind,
        scope: einvoices.scope,
        number: einvoices.number,
        status: einvoices.status,
        issuedAt: einvoices.issuedAt,
        total: einvoices.total,
        buyerName: einvoices.buyerName,
        orderNumber: einvoices.orderNumber,
      };
      const [rejected, overdue] = await Promise.all([
        app.db
          .select({ ...columns, zatcaMessages: einvoices.zatcaMessages })
          .from(einvoices)
          .where(eq(einvoices.status, 'rejected'))
          .orderBy(desc(einvoices.issuedAt))
          .limit(50),
        app.db
          .select(columns)
          .from(einvoices)
          .where(overdueSimplified())
          .orderBy(einvoices.issuedAt)
          .limit(50),
      ]);
      return { rejected, overdue } as z.input<typeof einvoicingAttentionOut>;
    },
  );
};
