import { z } from 'zod';
import { dateTimeOut, idOut, storedRowOut } from './common';

/** A user as the API shows them (never the password hash). */
export const userOut = storedRowOut('User', {
  name: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  gender: z.enum(['male', 'female']),
  role: z.string(),
  permissions: z.array(z.string()),
  active: z.boolean(),
  lastLoginAt: dateTimeOut.nullable(),
});
export type User = z.output<typeof userOut>;

/** Details, create and update: the user with the edit version (its ETag). */
export const userRecord = userOut.extend({ version: z.number().int() });

/** `POST /api/user/:id/signin-link`: a single-use sign-in link. */
export const signinLinkOut = z.object({ token: z.string(), url: z.string(), expiresAt: dateTimeOut });
export type SigninLink = z.output<typeof signinLinkOut>;

/** Sign-in (password or link): the session token and who it belongs to. */
export const signinOut = z.object({ token: z.string(), user: userOut });
export type SigninResult = z.output<typeof signinOut>;

/** `GET /api/auth/sessions`: the caller's live sessions. */
export const sessionOut = z.object({
  _id: idOut,
  createdAt: dateTimeOut,
  lastSeenAt: dateTimeOut,
  ip: z.string(),
  userAgent: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type Session = z.output<typeof sessionOut>;
export const sessionsOut = z.object({ data: z.array(sessionOut) });
export type Sessions = z.output<typeof sessionsOut>;

/** `GET /api/health`. */
export const healthOut = z.looseObject({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  storage: z.literal('full').optional(),
  message: z.string().optional(),
});
