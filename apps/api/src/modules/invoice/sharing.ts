import { einvoiceWithheldReason } from '@idara/domain';
import { AppError } from '../../http/errors';

/** A customer's link to a document not cleared or rejected: an Arabic 409 that says why. */
export function assertMayReachCustomer(row: { scope: string; status: string; number: string }) {
  const reason = einvoiceWithheldReason(row);
  if (reason) throw new AppError(409, reason, { code: 'not_cleared' });
}
