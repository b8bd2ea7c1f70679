import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { entities, installArabicErrors } from '@idara/domain';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuthGuard } from './http/auth';
import { registerCompression } from './http/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors';
import { registerHealth } from './http/health';
import { closePdfBrowser } from './http/pdf';
import { trustProxyOption } from './http/request-context';
import { type RoutesPlugin, registerResponseContract } from './http/response-contract';
import { registerSecurityHeaders } from './http/security-headers';
import { readWebApp, registerWebApp } from './http/static';
import { registerTextCheck } from './http/text-check';
import { AfterReply } from './lib/after-reply';
import { EventBus } from './lib/events';
import { type MessageChannel, outboxChannel } from './lib/message-channel';
import { secretKeyOf } from './lib/secret-box';
import { activityRoutes } from './modules/activity/routes';
import { authRoutes } from './modules/auth/routes';
import { backupRoutes } from './modules/backup/routes';
import { BackupService } from './modules/backup/service';
import { cityRoutes } from './modules/city/routes';
import { contractRoutes } from './modules/contract/routes';
import { customerImportRoutes } from './modules/customer/import-routes';
import { customerRoutes } from './modules/customer/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { einvoicingRoutes } from './modules/einvoicing/routes';
import { formRoutes } from './modules/form/routes';
import { governmentRoutes } from './modules/government/routes';
import { invoiceRoutes, orderInvoiceRoutes } from './modules/invoice/routes';
import { lookupRoutes } from './modules/lookup/routes';
import { notificationRoutes } from './modules/notification/routes';
import { registerNotificationRules } from './modules/notification/rules';
import { orderRoutes } from './modules/order/routes';
import { paymentRoutes } from './modules/payment/routes';
import { paymentMethodRoutes } from './modules/payment-method/routes';
import { reminderRoutes } from './modules/reminder/routes';
import { ReminderScheduler } from './modules/reminder/scheduler';
import { reportRoutes } from './modules/report/routes';
import { statementRoutes } from './modules/report/statement-routes';
import { serviceRoutes } from './modules/service/routes';
import { settingsRoutes } from './modules/settings/routes';
import { taskRoutes } from './modules/task/routes';
import { userRoutes } from './modules/user/routes';
import { storedVisitWork } from './modules/visit/stored-work';
import { ratingPageRoutes } from './modules/visit-messages/rating-page';
import { visitReportRoutes } from './modules/visit-messages/report-routes';
import { VisitNoticeScheduler } from './modules/visit-notice/scheduler';
import { registerWhatsappAutomations } from './modules/whatsapp/automations';
import { whatsappMessageChannel } from './modules/whatsapp/channel';
import { cloudApi } from './modules/whatsapp/cloud-api';
import { MessageDispatcher } from './modules/whatsapp/dispatcher';
import { whatsappRoutes } from './modules/whatsapp/routes';
import { whatsappWebhookRoutes } from './modules/whatsapp/webhook';
import { attachRealtime } from './realtime/server';
import { useSecretKey } from './zatca/credentials';
import { SubmissionWorker } from './zatca/submissions';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  permissions: string[];
  /** Held at least one of (empty: no such rule). */
  anyPermission: string[];
  /** The zod schema of the body, when the route declares one (the error-message tests walk it). */
  body?: unknown;
  /** The route's response schemas by status (`schema.response`). */
  response?: Record<string, unknown>;
}

export interface AppOptions {
  config: Config;
  database: Database;
  channel?: MessageChannel;
  logger?: FastifyServerOptions['logger'];
  /** Where the log goes when `logger` is not given (tests read it); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  realtime?: boolean;
  /** Parse every answer against its response schema and fail the request on a mismatch (tests). */
  checkResponses?: boolean;
}

/**
 * Security headers, with a CSP the app itself runs under (Mantine injects style tags; the page's
 * own inline head scripts are allowed by hash, http/static.ts).
 */
const contentSecurityPolicy = (scriptHashes: string[]) => ({
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers the app's own websocket (ws:/wss: on this host, CSP level 3) and nothing else.
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  },
});

/** Sign-in links carry a token and invoice links a signature in the URL: the log gets them masked. */
const SECRET_QUERY = /([?&](?:token|sig|code)=)[^&#]*/gi;
const logSerializers = {
  req: (req: { method: string; url: string; ip?: string }) => ({
    method: req.method,
    url: req.url.replace(SECRET_QUERY, '$1…'),
    remoteAddress: req.ip,
  }),
};

export async function buildApp(opts: AppOptions) {
  // Every refusal in Arabic, also from the bundled server (domain's error-map.ts says why it is called here).
  installArabicErrors();
  const app = Fastify({
    logger: opts.logger ?? {
      level: opts.config.LOG_LEVEL,
      serializers: logSerializers,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: trustProxyOption(opts.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    // Per-request lines only when debugging; refusals and errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: opts.config.LOG_LEVEL !== 'debug' && opts.config.LOG_LEVEL !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  registerResponseContract(app, opts.checkResponses ?? opts.config.NODE_ENV === 'test');

  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('events', new EventBus());
  app.decorate('afterReply', new AfterReply(app.log));
  // E-invoices: sealed secrets open with the configured key; submissions go out in the background.
  useSecretKey(() => secretKeyOf(opts.config, opts.database));
  const submissions = new SubmissionWorker(app);
  app.decorate('submissions', submissions);
  app.addHook('onReady', async () => submissions.start());
  app.addHook('preClose', async () => submissions.stop());
  app.events.on('einvoice.issued', () => void submissions.kick());
  app.addHook('onClose', async () => {
    await app.afterReply.settled();
    await app.events.settled();
  });
  // WhatsApp: with credentials a dispatcher sends queued messages (and staff codes go that way);
  // without, messages are kept (conversations in `messages`, staff codes in the outbox).
  const cloud = cloudApi(opts.config);
  const dispatcher = cloud ? new MessageDispatcher(app, cloud) : null;
  app.decorate('whatsapp', { channel: cloud ? ('whatsapp' as const) : ('outbox' as const), dispatcher });
  app.decorate(
    'channel',
    opts.channel ?? (dispatcher ? whatsappMessageChannel(() => dispatcher.kick()) : outboxChannel(app.log)),
  );
  if (dispatcher) {
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('preClose', async () => dispatcher.stop());
  }
  // The route table, as the security tests read it: every route with its access rule.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: route.url,
        public: Boolean(route.config?.public),
        permissions: route.config?.permissions ?? [],
        anyPermission: route.config?.anyPermission ?? [],
        body: route.schema?.body,
        response: route.schema?.response as Record<string, unknown> | undefined,
      });
    }
  });

  const web = opts.serveWeb === false ? undefined : readWebApp(opts.config.webDist, app.log);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(web?.scriptHashes ?? []),
    crossOriginEmbedderPolicy: false,
  });
  // Before every route and the static files, so its hooks see them all.
  await registerCompression(app);
  registerErrorHandling(app);
  registerAuthGuard(app);
  registerTextCheck(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Idara API', description: 'واجهة برمجة تطبيق إدارة', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Fills components.schemas with every schema named by `.meta({ id })`, which the routes $ref.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  registerHealth(app);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(settingsRoutes, { prefix: '/api/settings' });
  await app.register(lookupRoutes, { prefix: '/api/lookup' });
  await app.register(customerRoutes, { prefix: '/api/customer' });
  await app.register(customerImportRoutes, { prefix: '/api/customer' });
  await app.register(statementRoutes, { prefix: '/api/customer' });
  await app.register(serviceRoutes, { prefix: '/api/service' });
  await app.register(contractRoutes, { prefix: '/api/contract' });
  await app.register(paymentMethodRoutes, { prefix: '/api/paymentMethod' });
  await app.register(governmentRoutes, { prefix: '/api/government' });
  await app.register(cityRoutes, { prefix: '/api/city' });
  // Each record kind declared with defineEntity (packages/domain/src/entities): its module's routes.
  for (const name of Object.keys(entities)) {
    const module: { default: RoutesPlugin } = await import(`./modules/${name}/routes.ts`);
    await app.register(module.default, { prefix: `/api/${name}` });
  }
  await app.register(visitReportRoutes, { prefix: '/api/visit', work: storedVisitWork });
  await app.register(ratingPageRoutes);
  await app.register(activityRoutes, { prefix: '/api/activity' });
  await app.register(orderRoutes, { prefix: '/api/order' });
  await app.register(paymentRoutes, { prefix: '/api/payment' });
  await app.register(invoiceRoutes, { prefix: '/api/invoice' });
  await app.register(orderInvoiceRoutes, { prefix: '/api/order' });
  await app.register(einvoicingRoutes, { prefix: '/api/einvoicing' });
  await app.register(formRoutes, { prefix: '/api/form' });
  await app.register(taskRoutes, { prefix: '/api/task' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(reportRoutes, { prefix: '/api/report' });
  await app.register(notificationRoutes, { prefix: '/api/notification' });
  await app.register(whatsappRoutes, { prefix: '/api/whatsapp' });
  await app.register(whatsappWebhookRoutes, { prefix: '/api/whatsapp' });
  const backups = new BackupService(app);
  await app.register(backupRoutes, { prefix: '/api/backup', backups });
  app.addHook('onReady', async () => backups.startSchedule());
  app.addHook('preClose', async () => backups.stop());
  const reminders = new ReminderScheduler(app);
  app.decorate('reminders', reminders);
  await app.register(reminderRoutes, { prefix: '/api/reminder', reminders });
  app.addHook('onReady', async () => reminders.start());
  app.addHook('preClose', async () => reminders.stop());
  const visitNotices = new VisitNoticeScheduler(app);
  app.decorate('visitNotices', visitNotices);
  app.addHook('onReady', async () => visitNotices.start());
  app.addHook('preClose', async () => visitNotices.stop());

  await registerWebApp(app, web);
  app.decorate('io', opts.realtime !== false ? await attachRealtime(app, opts.config.REDIS_URL) : null);
  registerNotificationRules(app);
  registerWhatsappAutomations(app, () => dispatcher?.kick());
  app.addHook('onClose', closePdfBrowser);
  return app;
}
