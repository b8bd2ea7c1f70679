import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { signLink, verifyLink } from '../../lib/signed-links';

/** OWASP device cookie: a browser that signed in as a user before is trusted for that user. */
export const DEVICE_COOKIE = 'idara_device';
const PURPOSE = 'device-cookie';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export async function issueDeviceCookie(db: DbOrTx, userId: string, secure: boolean) {
  const body = `${userId}.${randomBytes(12).toString('base64url')}`;
  const value = `${body}.${await signLink(db, PURPOSE, body)}`;
  const flags = ['Path=/api/auth', 'HttpOnly', 'SameSite=Strict', `Max-Age=${MAX_AGE_SECONDS}`];
  if (secure) flags.push('Secure');
  return `${DEVICE_COOKIE}=${value}; ${flags.join('; ')}`;
}

/** The device id when the request's cookie is validly signed for this user, else undefined. */
export async function trustedDevice(db: DbOrTx, cookieHeader: string | undefined, userId: string) {
  const match = cookieHeader?.match(/(?:^|;\s*)idara_device=([A-Za-z0-9_.-]{1,200})/);
  if (!match) return undefined;
  const [owner, nonce, signature] = match[1].split('.');
  if (owner !== userId || !nonce || !signature) return undefined;
  return (await verifyLink(db, PURPOSE, `${owner}.${nonce}`, signature)) ? nonce : undefined;
}
