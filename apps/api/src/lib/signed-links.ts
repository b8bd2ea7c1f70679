import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSecrets } from '../db/schema';

const cache = new Map<string, string>();

/** A random secret kept in the database (the same on every node), made on first use. */
async function secret(db: DbOrTx, name: string) {
  const known = cache.get(name);
  if (known) return known;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  cache.set(name, row.value);
  return row.value;
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
