import {
  ageReceivable,
  agingBucketOf,
  agingCustomerOut,
  agingSummaryOut,
  daysBetween,
  entityNouns,
  fromHalalas,
  openAmounts,
  riyadhDayOf,
} from '@idara/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { customers, einvoices, payments } from '../../db/schema';
import { notFound } from '../../http/errors';
import { guarded } from '../../http/guarded';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { countedDocuments } from '../invoice/counted';
import { agingSql } from './aging-query';
import { agingDocumentOf, agingFigureKeys, money, reportTags as tags } from './common';

/**
 * `GET /api/report/aging/customer/:id` (the documents behind a customer's row, by the domain rule
 * aging.ts) and `GET /api/report/aging/summary` (the home card, from the report's SQL).
 */
export const agingCustomerRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/aging/customer/:id',
    guarded('report:aging', { tags, params: idParams, response: { 200: agingCustomerOut } }),
    async (req) => {
      const id = req.params.id;
      const [customer] = await app.db
        .select({ name: customers.name })
        .from(customers)
        .where(eq(customers._id, id));
      if (!customer) throw notFound(entityNouns.customer);
      const docs = await app.db
        .select()
        .from(einvoices)
        .where(and(eq(einvoices.customer, id), countedDocuments()))
        .orderBy(asc(einvoices.seq));
      const [paid] = await app.db
        .select({ sum: sql<string | null>`sum(${payments.amount})` })
        .from(payments)
        .where(and(eq(payments.customer, id), eq(payments.status, 'paid')));
      const today = riyadhDayOf(new Date());
      const documents = docs.map(agingDocumentOf);
      const paidHalalas = Number(paid?.sum ?? 0);
      const figures = ageReceivable(documents, paidHalalas, today);
      const open = openAmounts(documents, paidHalalas);
      const openDocs = documents
        .filter((d) => (open.get(d.id) ?? 0) > 0)
        .map((d) => {
          const late = daysBetween(d.due, today);
          return {
            id: d.id,
            number: docs.find((x) => x._id === d.id)!.number,
            kind: d.kind as 'invoice' | 'debit',
            issueDay: d.due,
            dueDay: d.due,
            amount: fromHalalas(d.amount),
            open: fromHalalas(open.get(d.id)!),
            daysOverdue: Math.max(0, late),
            bucket: agingBucketOf(late),
          };
        })
        .sort((a, b) => b.daysOverdue - a.daysOverdue);
      const openTotal = [...open.values()].reduce((s, v) => s + v, 0);
      return {
        customer: id,
        customerName: customer.name,
        today,
        figures: Object.fromEntries(agingFigureKeys.map((k) => [k, fromHalalas(figures[k])])),
        unapplied: fromHalalas(Math.min(0, figures.total - openTotal)),
        documents: openDocs,
      } as z.input<typeof agingCustomerOut>;
    },
  );

  app.get(
    '/aging/summary',
    guarded('report:aging', { tags, response: { 200: agingSummaryOut } }),
    async () => {
      const { rows } = await app.db.execute(sql`
        with a as (${agingSql(riyadhDayOf(new Date()))})
        select coalesce(sum(days1to30 + days31to60 + days61to90 + over90), 0) as overdue,
               count(*) filter (where days61to90 > 0 or over90 > 0) as over60
        from a`);
      const row = rows[0] as Record<string, unknown> | undefined;
      return { overdue: money(row?.overdue), customersOver60: Number(row?.over60 ?? 0) };
    },
  );
};
