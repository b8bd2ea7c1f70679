import { toLatinDigits } from '@idara/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { productionRow } from '../../zatca/credentials';
import type { SettingsRow } from './service';

/**
 * Once connected to FATOORA the seller is the one the certificate was issued to: its VAT number is
 * in the certificate, so changing it needs a new onboarding (a new CSR under the new number), and the
 * commercial registration and national address every document must carry cannot be emptied. The
 * address itself may change (a move is not a new taxpayer). Refused in Arabic, nothing written.
 */
export async function assertSellerKeepsCertificate(
  tx: DbOrTx,
  before: SettingsRow,
  change: Partial<Pick<SettingsRow, 'vatNumber' | 'crNumber' | 'sellerAddress'>>,
) {
  const touches = 'vatNumber' in change || 'crNumber' in change || 'sellerAddress' in change;
  if (!touches || !(await productionRow(tx))) return;
  const fieldErrors: Record<string, string> = {};
  if (change.vatNumber !== undefined && toLatinDigits(change.vatNumber) !== before.vatNumber)
    fieldErrors.vatNumber =
      'الرقم الضريبي مسجّل في شهادة الربط مع «فاتورة»: تغييره يحتاج ربطاً جديداً برقم المنشأة الجديد (رمز تحقق جديد من بوابة فاتورة)';
  if (change.crNumber !== undefined && change.crNumber === '')
    fieldErrors.crNumber = 'السجل التجاري مطلوب على كل فاتورة بعد الربط مع «فاتورة»، ولا يُترك فارغاً';
  if (change.sellerAddress === null)
    fieldErrors.sellerAddress =
      'العنوان الوطني مطلوب على كل فاتورة بعد الربط مع «فاتورة»: يمكن تعديله لا حذفه';
  if (Object.keys(fieldErrors).length)
    throw new AppError(409, Object.values(fieldErrors)[0], { code: 'seller_certified', fieldErrors });
}
