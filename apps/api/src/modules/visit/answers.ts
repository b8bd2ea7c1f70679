import {
  type Answers,
  attachmentFieldTypes,
  entityNouns,
  validateAnswers,
  visitAnswersBody,
  visitWorkOut,
} from '@idara/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { compiledStatement } from '../../db/fast-query';
import { forms, formVersions, visitAnswers } from '../../db/schema';
import type { CrudKit, RoutesApp } from '../../http/crud';
import { AppError } from '../../http/errors';
import { guardedAny } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import { actionOut, deviceTime, runDeviceAction } from './device-actions';
import { visitLabel } from './label';

const latestAnswer = {
  visit: visitAnswers.visit,
  field: visitAnswers.field,
  value: visitAnswers.value,
};
const latestAnswers = compiledStatement(latestAnswer, (db) =>
  db
    .selectDistinctOn([visitAnswers.visit, visitAnswers.field], latestAnswer)
    .from(visitAnswers)
    .where(sql`${visitAnswers.visit} = any(${sql.placeholder('visits')}::uuid[])`)
    .orderBy(visitAnswers.visit, visitAnswers.field, desc(visitAnswers.receivedAt), desc(visitAnswers._id)),
);

/** Each visit's answers: every field's latest row (answers are appended, never changed). */
export async function answersOf(db: DbOrTx, visitIds: string[]) {
  const rows = visitIds.length ? await latestAnswers(db, { visits: visitIds }) : [];
  const byVisit = new Map<string, Answers>();
  for (const r of rows) byVisit.set(r.visit, { ...byVisit.get(r.visit), [r.field]: r.value ?? null });
  return byVisit;
}

const checklistFields = { version: forms.version, fields: formVersions.fields };
const checklistAt = compiledStatement(checklistFields, (tx) =>
  tx
    .select(checklistFields)
    .from(forms)
    .innerJoin(formVersions, and(eq(formVersions.form, forms._id), eq(formVersions.version, forms.version)))
    .where(eq(forms._id, sql.placeholder('form'))),
);

/** The visit's checklist at its current version; undefined when the visit has none. */
export async function currentChecklist(tx: Tx, formId: unknown) {
  const [form] = formId ? await checklistAt(tx, { form: String(formId) }) : [];
  return form;
}

/** The visit's checklist at its current version; 422 when the visit has none. */
async function checklistOf(tx: Tx, formId: unknown) {
  const form = await currentChecklist(tx, formId);
  if (!form) throw new AppError(422, 'لا نموذج لهذه الزيارة تُسجَّل فيه إجابات');
  return form;
}

/**
 * `POST /api/visit/:id/answers`: some answers of the visit's checklist from the phone, checked as
 * a task's draft is (types, options, ranges; a required field may come later), appended once
 * however often sent. Photos and the signature are uploads (`/uploads`), not answers.
 */
export function registerVisitAnswers(app: RoutesApp, kit: CrudKit) {
  app.post(
    '/:id/answers',
    guardedAny(['visit:update', 'visit:work'], {
      tags: ['visit'],
      params: idParams,
      body: visitAnswersBody,
      response: { 200: visitWorkOut().answersOut },
    }),
    async (req, reply) => {
      const user = req.user!;
      const now = new Date();
      const at = deviceTime(req.body.at, now);
      const answer = await runDeviceAction(
        app.db,
        kit,
        user,
        {
          clientActionId: req.body.clientActionId,
          visit: req.params.id,
          kind: 'answers',
          actor: user._id,
          at,
          receivedAt: now,
        },
        async (tx, visit, action) => {
          const form = await checklistOf(tx, visit.form);
          const sent = req.body.answers;
          const checked = validateAnswers(form.fields, sent, true);
          const fieldErrors: Record<string, string> = { ...checked.fieldErrors };
          for (const key of Object.keys(sent)) {
            const field = form.fields.find((f) => f.key === key && f.type !== 'section');
            if (!field) fieldErrors[key] = 'هذا الحقل ليس في نموذج الزيارة';
            else if (attachmentFieldTypes.includes(field.type))
              fieldErrors[key] = 'يُرفع هذا الحقل ملفاً، لا إجابةً';
          }
          if (Object.keys(fieldErrors).length)
            throw new AppError(422, 'بعض الإجابات غير صحيحة', { fieldErrors });
          const entries = Object.entries(checked.answers);
          if (!entries.length) throw new AppError(422, 'أرسل إجابة واحدة على الأقل');
          await tx.insert(visitAnswers).values(
            entries.map(([field, value]) => ({
              visit: String(visit._id),
              action: action._id,
              field,
              value,
              formVersion: form.version,
              answeredBy: user._id,
              at,
              receivedAt: now,
            })),
          );
          await recordActivity(tx, actorOf(req), {
            action: 'update',
            entity: 'visit',
            entityId: String(visit._id),
            summary: `إجابات نموذج ${entityNouns.visit.noun} «${visitLabel(visit)}»`,
          });
          const answers = (await answersOf(tx, [String(visit._id)])).get(String(visit._id)) ?? {};
          return { statusCode: 200, body: { answers, action: actionOut(action) } };
        },
      );
      return reply.status(answer.statusCode as 200).send(answer.body as never);
    },
  );
}
