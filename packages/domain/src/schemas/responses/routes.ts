import type { z } from 'zod';
import { entities } from '../../entities';
import { customerRemindersOut, reminderPreviewOut, reminderRuleOut, reminderRulesOut } from '../reminders';
import { visitWorkOut } from '../visit-work';
import { activityListOut, activityOut } from './activity';
import { fileOut, listOf, messageOut, noContent, recordListOf } from './common';
import { dashboardOut } from './dashboard';
import {
  einvoiceDetailsOut,
  einvoiceListOut,
  einvoicingAttentionOut,
  einvoicingCredentialOut,
  einvoicingStateOut,
} from './einvoices';
import { formListOut, formRecordOut, formVersionOut } from './forms';
import { importOut } from './imports';
import {
  customerPickOut,
  formPickOut,
  orderPickOut,
  paymentMethodOptionsOut,
  placesOut,
  pricedLookupsOut,
  userPickOut,
} from './lookups';
import { notificationListOut, unreadCountOut } from './notifications';
import { orderCreatedOut, orderListOut, orderOut, orderTotalsOut } from './orders';
import { paymentDetailsOut, paymentListOut, paymentOut } from './payments';
import {
  cityRecord,
  contractRecord,
  customerRecord,
  governmentRecord,
  paymentMethodRecord,
  serviceRecord,
} from './records';
import {
  agingCustomerOut,
  agingReportOut,
  agingSummaryOut,
  vatDocumentsOut,
  vatReportOut,
  visitsReportOut,
} from './reports';
import { backupFileOut, backupListOut, settingsFieldsOut, settingsOut } from './settings';
import { statementOut } from './statement';
import { taskAssignOut, taskAttachmentOut, taskListOut, taskOut, taskRowOut } from './tasks';
import { healthOut, sessionsOut, signinLinkOut, signinOut, userOut, userRecord } from './users';
import {
  conversationOut,
  inboxCustomerOut,
  inboxMessagesOut,
  inboxOut,
  webhookReceivedOut,
  whatsappConfigOut,
  whatsappMessageOut,
} from './whatsapp';

const pdf = fileOut('application/pdf');
const listExport = fileOut('xlsx, csv or pdf');

/** The routes every record type of `crudRoutes` (apps/api/src/http/crud.ts) has. */
const records = <Path extends string, Rec extends Parameters<typeof recordListOf>[0]>(
  path: Path,
  record: Rec,
) =>
  ({
    [`GET ${path}`]: recordListOf(record),
    [`GET ${path}/export`]: listExport,
    [`GET ${path}/:id`]: record,
    [`POST ${path}`]: record,
    [`PUT ${path}/:id`]: record,
    [`DELETE ${path}/:id`]: messageOut,
    [`POST ${path}/bulk-delete`]: messageOut,
  }) as { [K in `GET ${Path}`]: ReturnType<typeof recordListOf<Rec['shape']>> } & {
    [K in `GET ${Path}/export`]: typeof listExport;
  } & { [K in `GET ${Path}/:id` | `POST ${Path}` | `PUT ${Path}/:id`]: Rec } & {
    [K in `DELETE ${Path}/:id` | `POST ${Path}/bulk-delete`]: typeof messageOut;
  };

type Entities = typeof entities;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
/** The record routes of every entity declared with defineEntity (`entities/index.ts`), at `/api/<name>`. */
const entityRecordRoutes = () =>
  Object.assign(
    {},
    ...Object.entries(entities).map(([name, e]) => records(`/api/${name}`, e.record)),
  ) as UnionToIntersection<
    { [K in keyof Entities]: ReturnType<typeof records<`/api/${K}`, Entities[K]['record']>> }[keyof Entities]
  >;

/** A picker over a large resource (apps/api/src/modules/lookup/routes.ts): a list page, one row by id. */
const picker = <Path extends string, Row extends z.ZodObject>(path: Path, row: Row) =>
  ({ [`GET ${path}`]: listOf(row), [`GET ${path}/:id`]: row }) as {
    [K in `GET ${Path}`]: ReturnType<typeof listOf<Row>>;
  } & { [K in `GET ${Path}/:id`]: Row };

/**
 * The contract as one map: every route the API registers (`'<METHOD> <path pattern>'`, Fastify's
 * `:param` patterns) → the schema of its success answer, the very object the route declares in
 * `schema.response` (apps/api/src/http/route-map.test.ts fails when the two part). The web client
 * types `api(path)` by it (apps/web/src/lib/api-routes.ts); `/api/docs` is not in it.
 */
export const apiRoutes = {
  'GET /api/health': healthOut,

  'POST /api/auth/signin': signinOut,
  'GET /api/auth/me': userOut,
  'POST /api/auth/signout': messageOut,
  'POST /api/auth/forget-password': messageOut,
  'POST /api/auth/reset-password': messageOut,
  'POST /api/auth/signin-with-token': signinOut,
  'PUT /api/auth/profile': userOut,
  'PUT /api/auth/password': messageOut,
  'GET /api/auth/sessions': sessionsOut,
  'DELETE /api/auth/sessions/:id': messageOut,

  'GET /api/user': listOf(userRecord),
  'GET /api/user/export': listExport,
  'GET /api/user/:id': userRecord,
  'POST /api/user': userRecord,
  'PUT /api/user/:id': userRecord,
  'DELETE /api/user/:id': messageOut,
  'POST /api/user/:id/signin-link': signinLinkOut,

  'GET /api/settings': settingsFieldsOut,
  'PUT /api/settings': settingsOut,

  ...picker('/api/lookup/customers', customerPickOut),
  ...picker('/api/lookup/orders', orderPickOut),
  ...picker('/api/lookup/users', userPickOut),
  ...picker('/api/lookup/forms', formPickOut),
  'GET /api/lookup/paymentMethods': paymentMethodOptionsOut,
  'GET /api/lookup/places': placesOut,
  'GET /api/lookup/services': pricedLookupsOut,

  ...records('/api/customer', customerRecord),
  'POST /api/customer/import': importOut,
  'GET /api/customer/:id/statement': statementOut,
  'GET /api/customer/:id/statement.pdf': pdf,
  'GET /api/customer/:id/statement/document.pdf': pdf,
  'POST /api/customer/:id/statement/send': whatsappMessageOut,

  ...records('/api/service', serviceRecord),
  ...records('/api/contract', contractRecord),
  ...records('/api/paymentMethod', paymentMethodRecord),
  ...records('/api/government', governmentRecord),
  ...records('/api/city', cityRecord),
  // Every entity declared with defineEntity, at /api/<name>.
  ...entityRecordRoutes(),
  'POST /api/customer-contract/:id/cancel': entities['customer-contract'].record,
  'POST /api/customer-contract/:id/renew': entities['customer-contract'].record,
  'POST /api/visit/:id/status': visitWorkOut().stepOut,
  'GET /api/visit/mine': visitWorkOut().mineOut,
  'POST /api/visit/:id/answers': visitWorkOut().answersOut,
  'POST /api/visit/:id/uploads': noContent,
  'PATCH /api/visit/:id/uploads/:uploadId': noContent,
  'GET /api/visit/:id/files/:fileId': fileOut('the photo, file or signature'),
  'GET /api/visit/:id/report.pdf': pdf,
  'GET /api/visit/:id/document.pdf': pdf,

  'GET /api/activity': activityListOut,
  'GET /api/activity/export': listExport,
  'GET /api/activity/:id': activityOut,

  'GET /api/order': orderListOut,
  'GET /api/order/totals': orderTotalsOut,
  'GET /api/order/export': listExport,
  'GET /api/order/:id': orderOut,
  'POST /api/order': orderCreatedOut,
  'PUT /api/order/:id': orderOut,
  'POST /api/order/:id/status': orderOut,
  'DELETE /api/order/:id': messageOut,
  'POST /api/order/:id/invoice': einvoiceDetailsOut,

  'GET /api/payment': paymentListOut,
  'GET /api/payment/export': listExport,
  'GET /api/payment/:id': paymentDetailsOut,
  'GET /api/payment/:id/pdf': pdf,
  'GET /api/payment/:id/invoice.pdf': pdf,
  'POST /api/payment': paymentOut,
  'PUT /api/payment/:id': paymentOut,
  'POST /api/payment/:id/status': paymentDetailsOut,

  'GET /api/invoice': einvoiceListOut,
  'GET /api/invoice/export': listExport,
  'GET /api/invoice/:id': einvoiceDetailsOut,
  'GET /api/invoice/:id/xml': fileOut('application/xml'),
  'GET /api/invoice/:id/html': fileOut('text/html'),
  'GET /api/invoice/:id/pdf': pdf,
  'GET /api/invoice/:id/document.pdf': pdf,
  'POST /api/invoice/:id/credit-note': einvoiceDetailsOut,
  'POST /api/invoice/:id/debit-note': einvoiceDetailsOut,

  'GET /api/einvoicing': einvoicingStateOut,
  'POST /api/einvoicing/onboard': einvoicingCredentialOut,
  'POST /api/einvoicing/renew': einvoicingCredentialOut,
  'GET /api/einvoicing/attention': einvoicingAttentionOut,

  'GET /api/form': formListOut,
  'GET /api/form/:id/submissions/export': fileOut('xlsx or csv'),
  'GET /api/form/:id': formRecordOut,
  'GET /api/form/:id/versions/:version': formVersionOut,
  'POST /api/form': formRecordOut,
  'PUT /api/form/:id': formRecordOut,
  'POST /api/form/:id/duplicate': formRecordOut,
  'PUT /api/form/:id/active': formRecordOut,
  'DELETE /api/form/:id': messageOut,

  'GET /api/task': taskListOut,
  'GET /api/task/export': listExport,
  'GET /api/task/:id': taskOut,
  'POST /api/task': taskRowOut,
  'POST /api/task/assign': taskAssignOut,
  'PUT /api/task/:id': taskRowOut,
  'POST /api/task/:id/start': taskOut,
  'PUT /api/task/:id/answers': taskOut,
  'POST /api/task/:id/submit': taskOut,
  'POST /api/task/:id/review': taskOut,
  'POST /api/task/:id/files': taskAttachmentOut,
  'GET /api/task/:id/files/:fileId': fileOut('the stored image, signature or PDF'),
  'DELETE /api/task/:id': messageOut,

  'GET /api/dashboard': dashboardOut,

  'GET /api/report/aging': agingReportOut,
  'GET /api/report/aging/export': listExport,
  'GET /api/report/aging/customer/:id': agingCustomerOut,
  'GET /api/report/aging/summary': agingSummaryOut,
  'GET /api/report/vat': vatReportOut,
  'GET /api/report/vat/documents': vatDocumentsOut,
  'GET /api/report/vat/export': listExport,
  'GET /api/report/visits': visitsReportOut,
  'GET /api/report/visits/export': listExport,

  'GET /api/notification': notificationListOut,
  'GET /api/notification/unreadCount': unreadCountOut,
  'PUT /api/notification/read/:id': messageOut,
  'PUT /api/notification/unread/:id': messageOut,
  'POST /api/notification/readall': messageOut,
  'POST /api/notification/unreadall': messageOut,
  'DELETE /api/notification/delete/:id': messageOut,
  'DELETE /api/notification/deleteAll': messageOut,

  'GET /api/whatsapp/config': whatsappConfigOut,
  'GET /api/whatsapp/customer/:customerId': conversationOut,
  'POST /api/whatsapp/customer/:customerId': whatsappMessageOut,
  'GET /api/whatsapp/inbox': inboxOut,
  'GET /api/whatsapp/inbox/:phone': inboxMessagesOut,
  'POST /api/whatsapp/inbox/:phone/customer': inboxCustomerOut,
  'GET /api/whatsapp/webhook': fileOut('text/plain: the challenge'),
  'POST /api/whatsapp/webhook': webhookReceivedOut,

  'GET /api/backup': backupListOut,
  'POST /api/backup': backupFileOut,

  'GET /api/reminder/rules': reminderRulesOut,
  'POST /api/reminder/rules': reminderRuleOut,
  'PUT /api/reminder/rules/:id': reminderRuleOut,
  'DELETE /api/reminder/rules/:id': messageOut,
  'GET /api/reminder/preview': reminderPreviewOut,
  'GET /api/reminder/customer/:id': customerRemindersOut,
  'POST /api/reminder/customer/:id/stop': messageOut,
  'POST /api/reminder/customer/:id/resume': messageOut,
} satisfies Record<string, z.ZodType>;

export type ApiRoutes = typeof apiRoutes;
/** `'GET /api/customer/:id'`, …: every route of the contract. */
export type ApiRoute = keyof ApiRoutes & string;

/** What a route answers on success: its schema's output (a list page's rows as the schema says: partial). */
export type RouteAnswer<R extends ApiRoute> = z.output<ApiRoutes[R]>;
