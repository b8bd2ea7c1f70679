import { MAINTENANCE_MESSAGE, settingsBody, settingsFieldsOut, settingsOut } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema';
import { assertFreshVersion, ifMatchOf, nextVersion, withETag } from '../../http/edit-version';
import { badRequest } from '../../http/errors';
import { guarded } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { recordActivity } from '../../lib/activity';
import { assertSellerKeepsCertificate } from './seller-lock';
import { getSettings, invalidateSettingsCache, publicSettings } from './service';

const tags = ['settings'];

/** `fields=a,b` keeps only those; `fields=-a,-b` drops those (the spec's client drops version, dates and id). */
function selectFields(row: Record<string, unknown>, raw: unknown) {
  const names = String(raw ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return row;
  const excluded = new Set(names.filter((n) => n.startsWith('-')).map((n) => n.slice(1)));
  const included = names.filter((n) => !n.startsWith('-'));
  // Own fields only: `in` would accept `__proto__`, `constructor` and the like.
  for (const n of included) if (!Object.hasOwn(row, n)) throw badRequest(`الحقل ${n} غير معروف`);
  const keys = included.length ? included : Object.keys(row).filter((k) => !excluded.has(k));
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}

export const settingsRoutes: RoutesPlugin = async (app) => {
  app.get('/', { schema: { tags, response: { 200: settingsFieldsOut } } }, async (req, reply) => {
    const row = withETag(reply, publicSettings(await getSettings(app.db)));
    return selectFields(row, (req.query as Record<string, unknown>).fields);
  });

  app.put(
    '/',
    guarded('settings:update', { tags, body: settingsBody, response: { 200: settingsOut } }),
    async (req, reply) => {
      const current = await getSettings(app.db);
      const ifMatch = ifMatchOf(req);
      const result = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings._id, current._id)).for('update');
        await assertFreshVersion(tx, ifMatch, {
          entity: 'settings',
          entityId: before._id,
          current: before.version,
        });
        await assertSellerKeepsCertificate(tx, before, req.body);
        const [after] = await tx
          .update(settings)
          .set({ ...req.body, version: nextVersion(settings.version), updatedAt: new Date() })
          .where(eq(settings._id, current._id))
          .returning();
        await recordActivity(tx, actorOf(req), {
          action: 'update',
          entity: 'settings',
          entityId: after._id,
          summary: 'تحديث إعدادات النظام',
          before: publicSettings(before),
          after: publicSettings(after),
        });
        return { before, after };
      });
      invalidateSettingsCache();
      if (result.before.maintenanceMode !== result.after.maintenanceMode)
        app.events.emit('settings.maintenance', {
          on: result.after.maintenanceMode,
          message: MAINTENANCE_MESSAGE,
        });
      return withETag(reply, publicSettings(result.after));
    },
  );
};
