import type { DbOrTx } from '../../db/client';
import { checkExpiringLink, signExpiringLink } from '../../lib/signed-links';

/**
 * What a customer opens without an account from a visit's messages: its report (a signed link, as
 * invoices have) and its rating page, whose token is the visit, its last day and their signature.
 */
export async function visitReportLink(db: DbOrTx, origin: string, visitId: string) {
  const { exp, sig } = await signExpiringLink(db, 'visitReport', visitId);
  return `${origin}/api/visit/${visitId}/document.pdf?exp=${exp}&sig=${sig}`;
}

/** `<visit id>.<last day>.<signature>`: short enough for a reply button's payload. */
export async function ratingToken(db: DbOrTx, visitId: string) {
  const { exp, sig } = await signExpiringLink(db, 'rating', visitId);
  return `${visitId}.${exp}.${sig}`;
}

export const ratingLink = (origin: string, token: string) => `${origin}/rate/${token}`;

/** The visit a rating token names: 'expired' past its day, null when it is not ours. */
export async function readRatingToken(db: DbOrTx, token: unknown) {
  const m =
    typeof token === 'string' ? /^([0-9a-f-]{36})\.(\d{4}-\d{2}-\d{2})\.([\w-]{20,100})$/.exec(token) : null;
  if (!m) return null;
  const [, visitId, exp, sig] = m;
  const link = await checkExpiringLink(db, 'rating', visitId, { exp, sig });
  if (link === 'invalid') return null;
  return link === 'expired' ? ('expired' as const) : visitId;
}
