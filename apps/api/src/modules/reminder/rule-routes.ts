import {
  findTemplate,
  isReminderTemplate,
  messageOut,
  reminderRuleBody,
  reminderRuleOut,
  reminderRulesOut,
} from '@idara/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { reminderRules } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../http/errors';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';

const tags = ['reminders'];
const config = { permissions: ['settings:update' as const] };
const RULE = 'قاعدة التذكير';

/** An enabled rule needs a template registered with WhatsApp whose values a reminder can fill. */
function assertTemplate(body: z.output<typeof reminderRuleBody>) {
  if (!body.enabled) return;
  if (!body.template) throw fieldError('template', 'اختر قالب واتساب معتمداً قبل تفعيل التذكير');
  if (!isReminderTemplate(body.template))
    throw fieldError(
      'template',
      findTemplate(body.template)
        ? `القالب «${findTemplate(body.template)?.label}» لا يصلح للتذكير بالمبالغ المستحقة`
        : `القالب «${body.template}» غير معروف في إعدادات واتساب`,
    );
}

/** More rules than an office needs; each document gets one reminder a day whatever their number. */
const MAX_REMINDER_RULES = 10;

/** Reminder rules (settings): list, create, replace, delete; each change logged with it. */
export const ruleRoutes: RoutesPlugin = async (app) => {
  app.get('/rules', { config, schema: { tags, response: { 200: reminderRulesOut } } }, async () => ({
    data: await app.db.select().from(reminderRules).orderBy(asc(reminderRules.createdAt)),
  }));

  app.post(
    '/rules',
    { config, schema: { tags, body: reminderRuleBody, response: { 201: reminderRuleOut } } },
    async (req, reply) => {
      assertTemplate(req.body);
      const row = await app.db.transaction(async (tx) => {
        // Counted under one lock, so concurrent creations cannot pass the ceiling together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reminder-rules'))`);
        const [{ rules }] = await tx.select({ rules: sql<number>`count(*)::int` }).from(reminderRules);
        if (rules >= MAX_REMINDER_RULES)
          throw new AppError(
            422,
            `لا تزيد قواعد التذكير عن ${MAX_REMINDER_RULES}: عدّل قاعدة قائمة أو احذفها قبل إضافة غيرها`,
          );
        const [after] = await tx.insert(reminderRules).values(req.body).returning();
        await recordActivity(tx, actorOf(req), {
          action: 'create',
          entity: 'reminderRule',
          entityId: after._id,
          summary: `إضافة ${RULE} «${after.name}»`,
          after,
        });
        return after;
      });
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/rules/:id',
    {
      config,
      schema: { tags, params: idParams, body: reminderRuleBody, response: { 200: reminderRuleOut } },
    },
    async (req) => {
      assertTemplate(req.body);
      return app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(reminderRules)
          .where(eq(reminderRules._id, req.params.id))
          .for('update');
        if (!before) throw notFound({ noun: RULE, gender: 'f' });
        const [after] = await tx
          .update(reminderRules)
          .set({ ...req.body, updatedAt: new Date() })
          .where(eq(reminderRules._id, before._id))
          .returning();
        await recordActivity(tx, actorOf(req), {
          action: 'update',
          entity: 'reminderRule',
          entityId: after._id,
          summary: `تعديل ${RULE} «${after.name}»`,
          before,
          after,
        });
        return after;
      });
    },
  );

  app.delete(
    '/rules/:id',
    { config, schema: { tags, params: idParams, response: { 200: messageOut } } },
    async (req) => {
      await app.db.transaction(async (tx) => {
        const [before] = await tx
          .delete(reminderRules)
          .where(eq(reminderRules._id, req.params.id))
          .returning();
        if (!before) throw notFound({ noun: RULE, gender: 'f' });
        await recordActivity(tx, actorOf(req), {
          action: 'delete',
          entity: 'reminderRule',
          entityId: before._id,
          summary: `حذف ${RULE} «${before.name}»`,
          before,
        });
      });
      return { message: `حُذفت ${RULE}` };
    },
  );
};
