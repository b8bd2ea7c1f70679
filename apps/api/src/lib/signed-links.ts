import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type EntityNoun, riyadhDayOf } from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSecrets } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { sealingKey } from '../zatca/credentials';
import { open, seal } from './secret-box';

const cache = new Map<string, string>();

/** The sealing key when this installation has one (PostgreSQL without IDARA_SECRET_KEY has none). */
function keyOrNone() {
  try {
    return sealingKey();
  } catch {
    return null;
  }
}

/**
 * A random secret kept in the database (the same on every node), made on first use, and stored
 * sealed under the installation's key (lib/secret-box.ts) like the e-invoicing keys, so neither the
 * database files nor a backup reveal it. One stored before sealing is sealed as it is (links already
 * sent keep working); one that no longer opens (a backup restored without its key file) is replaced,
 * and links signed before stop opening.
 */
async function secret(db: DbOrTx, name: string) {
  const known = cache.get(name);
  if (known) return known;
  const key = keyOrNone();
  const stored = (plain: string) => (key ? seal(key, plain) : plain);
  await db
    .insert(appSecrets)
    .values({ name, value: stored(randomBytes(32).toString('base64url')) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  let value = row.value;
  if (value.startsWith('v1.')) {
    try {
      if (!key) throw new Error('no key');
      value = open(key, value);
    } catch {
      value = randomBytes(32).toString('base64url');
      await db
        .update(appSecrets)
        .set({ value: stored(value) })
        .where(eq(appSecrets.name, name));
    }
  } else if (key) {
    await db
      .update(appSecrets)
      .set({ value: seal(key, value) })
      .where(eq(appSecrets.name, name));
  }
  cache.set(name, value);
  return value;
}

/** Forgets the secrets read so far (tests that change the stored row). */
export function forgetSecrets() {
  cache.clear();
}

/** A signature that lets someone without an account open one record (e.g. a customer their invoice). */
export async function signLink(db: DbOrTx, purpose: string, id: string) {
  return createHmac('sha256', await secret(db, 'links'))
    .update(`${purpose}:${id}`)
    .digest('base64url');
}

export async function verifyLink(db: DbOrTx, purpose: string, id: string, signature: unknown) {
  if (typeof signature !== 'string' || signature.length > 100) return false;
  const expected = Buffer.from(await signLink(db, purpose, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Links customers receive expire: the last Riyadh day they open is part of what is signed (`exp`),
 * so it cannot be moved. Links sent before expiry existed carry none and keep opening.
 */
export const LINK_LIFETIME_DAYS = { invoice: 90, statement: 30, visitReport: 90, rating: 14 } as const;

export async function signExpiringLink(db: DbOrTx, purpose: keyof typeof LINK_LIFETIME_DAYS, id: string) {
  const exp = riyadhDayOf(new Date(Date.now() + LINK_LIFETIME_DAYS[purpose] * 86_400_000));
  return { exp, sig: await signLink(db, purpose, `${id}:${exp}`) };
}

/** 'ok', 'expired' (signed, but past its day) or 'invalid'. */
export async function checkExpiringLink(
  db: DbOrTx,
  purpose: keyof typeof LINK_LIFETIME_DAYS,
  id: string,
  query: { sig?: unknown; exp?: unknown },
): Promise<'ok' | 'expired' | 'invalid'> {
  if (query.exp === undefined) return (await verifyLink(db, purpose, id, query.sig)) ? 'ok' : 'invalid';
  if (typeof query.exp !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(query.exp)) return 'invalid';
  if (!(await verifyLink(db, purpose, `${id}:${query.exp}`, query.sig))) return 'invalid';
  return query.exp < riyadhDayOf(new Date()) ? 'expired' : 'ok';
}

/** Refuses a link that does not open: 410 in Arabic once past its day, otherwise as the record not found. */
export async function assertLinkOpens(
  db: DbOrTx,
  purpose: keyof typeof LINK_LIFETIME_DAYS,
  id: string,
  query: { sig?: unknown; exp?: unknown },
  what: EntityNoun | string,
) {
  const link = await checkExpiringLink(db, purpose, id, query);
  if (link === 'expired')
    throw new AppError(
      410,
      `انتهت صلاحية رابط ${typeof what === 'string' ? what : what.noun} (يبقى الرابط صالحاً مدة محدودة حفاظاً على خصوصيتك): اطلب من المنشأة رابطاً جديداً`,
    );
  if (link === 'invalid') throw notFound(what);
}
