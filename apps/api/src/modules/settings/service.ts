import { settingsDefaults } from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export type SettingsRow = typeof settings.$inferSelect;

// Read on every request in maintenance checks; a short cache keeps that off the database.
// Other server processes see a change within this window.
const CACHE_MS = 2000;
let cached: { row: SettingsRow; at: number; db: unknown } | undefined;

export function invalidateSettingsCache() {
  cached = undefined;
}

export async function getSettings(db: DbOrTx): Promise<SettingsRow> {
  if (cached && cached.db === db && Date.now() - cached.at < CACHE_MS) return cached.row;
  let [row] = await db.select().from(settings).where(eq(settings.singleton, true)).limit(1);
  if (!row) {
    [row] = await db
      .insert(settings)
      .values({ ...settingsDefaults })
      .onConflictDoNothing()
      .returning();
    row ??= (await db.select().from(settings).where(eq(settings.singleton, true)).limit(1))[0];
  }
  cached = { row, at: Date.now(), db };
  return row;
}

/** The settings as clients see them: spec §3 fields plus the seller data. */
export function publicSettings(row: SettingsRow) {
  const { singleton: _s, ...rest } = row;
  return rest;
}
