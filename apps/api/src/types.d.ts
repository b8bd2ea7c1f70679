import 'fastify';
import type { Permission, ServerToClientEvents } from '@idara/domain';
import type { Server } from 'socket.io';
import type { RouteEntry } from './app';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AfterReply } from './lib/after-reply';
import type { EventBus } from './lib/events';
import type { MessageChannel } from './lib/message-channel';
import type { SessionCache } from './modules/auth/session-cache';
import type { AuthUser } from './modules/auth/sessions';
import type { ReminderScheduler } from './modules/reminder/scheduler';
import type { VisitNoticeScheduler } from './modules/visit-notice/scheduler';
import type { MessageDispatcher } from './modules/whatsapp/dispatcher';
import type { SubmissionWorker } from './zatca/submissions';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    channel: MessageChannel;
    events: EventBus;
    /** Work answered before it finishes (lib/after-reply.ts). */
    afterReply: AfterReply;
    /** Reporting and clearance of issued documents (zatca/submissions.ts). */
    submissions: SubmissionWorker;
    sessionCache: SessionCache;
    /** socket.io server; null when realtime is off (API-only tests). */
    io: Server<Record<never, never>, ServerToClientEvents> | null;
    routeTable: RouteEntry[];
    /** Answers that broke their response schema (noted only when answers are checked: tests). */
    responseMismatches: string[];
    /** 'whatsapp' when the Cloud API is configured (then a dispatcher sends), else 'outbox'. */
    whatsapp: { channel: 'whatsapp' | 'outbox'; dispatcher: MessageDispatcher | null };
    /** Overdue-balance reminders sent on a tick (modules/reminder/scheduler.ts). */
    reminders: ReminderScheduler;
    /** Contract expiry and the notices about tomorrow's visits and ending contracts (modules/visit-notice). */
    visitNotices: VisitNoticeScheduler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** Every one of these must be in the user's permissions. */
    permissions?: Permission[];
    /** At least one of these must be (reference data several screens need, e.g. /api/lookup). */
    anyPermission?: Permission[];
    /** Skips the control-character check (registerTextCheck): the route cleans the text itself. */
    keepsRawText?: boolean;
  }
}
