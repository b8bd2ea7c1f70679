import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';

/**
 * Secrets at rest (the EGS private key, FATOORA's CSID secret): AES-256-GCM under a key that is
 * never in the database, so neither the database nor its backups alone reveal them. The key is
 * IDARA_SECRET_KEY (base64, 32 bytes) or, on the embedded database, a key file made once beside
 * DATA_DIR (not inside it: backups of DATA_DIR do not carry it). Several nodes on PostgreSQL must
 * share IDARA_SECRET_KEY.
 */

const KEY_FILE = 'idara-secret.key';
/** An in-memory embedded database (tests) keeps nothing across restarts, so neither does its key. */
let memoryKey: Buffer | undefined;

/**
 * The sealing key for this app's database. Decided by the engine actually in use (not by whether
 * DATABASE_URL is set), so a PostgreSQL without IDARA_SECRET_KEY always answers the Arabic 409.
 */
export function secretKeyOf(
  config: Pick<Config, 'IDARA_SECRET_KEY'>,
  database: Pick<Database, 'kind' | 'dataDir'>,
): Buffer {
  if (config.IDARA_SECRET_KEY) return Buffer.from(config.IDARA_SECRET_KEY, 'base64');
  if (database.kind === 'postgres') {
    throw new AppError(
      409,
      'لحفظ مفاتيح الفوترة الإلكترونية مشفّرة على PostgreSQL اضبط IDARA_SECRET_KEY (32 بايت بصيغة Base64) على كل الخوادم، ثم أعد المحاولة',
    );
  }
  if (!database.dataDir) {
    memoryKey ??= randomBytes(32);
    return memoryKey;
  }
  const file = path.join(path.dirname(path.resolve(database.dataDir)), KEY_FILE);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    const key = randomBytes(32);
    // 'wx': two processes racing make one file; the loser reads the winner's.
    try {
      fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64 parts. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(
    '.',
  );
}

export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
