import { toLatinDigits } from './digits';

/**
 * Saudi identifiers and the ZATCA phase-1 (simplified e-invoice) QR code.
 * Validators accept Arabic-Indic digits and surrounding spaces; they never throw.
 */

const clean = (s: unknown): string => (typeof s === 'string' ? toLatinDigits(s).trim() : '');

/** VAT registration number (الرقم الضريبي): 15 digits, first and last digit 3. */
export function isValidVatNumber(s: string | null | undefined): boolean {
  return /^3\d{13}3$/.test(clean(s));
}

/** Commercial registration number (السجل التجاري): 10 digits. */
export function isValidCrNumber(s: string | null | undefined): boolean {
  return /^\d{10}$/.test(clean(s));
}

/** Saudi postal code (الرمز البريدي): 5 digits. */
export function isValidPostalCode(s: string | null | undefined): boolean {
  return /^\d{5}$/.test(clean(s));
}

export interface ZatcaQrInput {
  sellerName: string;
  vatNumber: string;
  /** The invoice time; a Date is written as UTC ISO-8601 without milliseconds ('2026-11-21T09:30:00Z'). */
  timestamp: Date | string;
  /** Invoice total including VAT, e.g. '1150.00'. */
  total: string;
  /** VAT total, e.g. '150.00'. */
  vat: string;
  /**
   * Phase 2 adds the stamp: tag 6 the invoice hash (base64 text), 7 the ECDSA signature (base64
   * text), 8 the public key (SPKI DER bytes), 9 the certificate's signature (DER bytes; simplified
   * documents).
   */
  stamp?: { hash: string; signature: string; publicKey: Uint8Array; certificateSignature?: Uint8Array };
}

export interface ZatcaQrFields {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  total: string;
  vat: string;
}

/**
 * Largest value we encode, in UTF-8 bytes. The length is a single byte, but the QR's TLV is
 * read by many scanners as ASN.1 BER, where a first length byte of 0x80 or more means "long
 * form" (the next bytes hold the length). Up to 127 bytes both readings agree, so longer
 * values are refused instead of producing a QR that some readers decode wrongly.
 */
export const ZATCA_MAX_VALUE_BYTES = 127;

const FIELD_LABELS: Record<keyof ZatcaQrFields, string> = {
  sellerName: 'اسم البائع',
  vatNumber: 'الرقم الضريبي',
  timestamp: 'وقت الفاتورة',
  total: 'إجمالي الفاتورة',
  vat: 'إجمالي ضريبة القيمة المضافة',
};

const TAGS: (keyof ZatcaQrFields)[] = ['sellerName', 'vatNumber', 'timestamp', 'total', 'vat'];

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const AMOUNT = /^\d+(?:\.\d{1,2})?$/;

function isoTimestamp(t: Date | string): string {
  if (t instanceof Date) {
    if (Number.isNaN(t.getTime())) throw new Error('وقت الفاتورة غير صالح');
    return t.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  const s = toLatinDigits(String(t)).trim();
  if (!ISO_8601.test(s) || Number.isNaN(new Date(s).getTime())) {
    throw new Error(`وقت الفاتورة يجب أن يكون بصيغة ISO-8601: ${String(t)}`);
  }
  return s;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64.replace(/\s+/g, ''));
  } catch {
    throw new Error('رمز QR غير صالح: ليس Base64');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The ZATCA phase-1 QR payload: TLV records for tags 1–5 (seller name, VAT number, timestamp,
 * invoice total with VAT, VAT total), each `tag byte, length byte (UTF-8 byte count), value
 * bytes`, base64-encoded without line breaks. Throws an Error with an Arabic message when a
 * value is empty, malformed, or longer than {@link ZATCA_MAX_VALUE_BYTES} bytes.
 */
export function zatcaQrBase64(input: ZatcaQrInput): string {
  const fields: ZatcaQrFields = {
    sellerName: String(input.sellerName ?? '').trim(),
    vatNumber: toLatinDigits(String(input.vatNumber ?? '')).trim(),
    timestamp: isoTimestamp(input.timestamp),
    total: toLatinDigits(String(input.total ?? '')).trim(),
    vat: toLatinDigits(String(input.vat ?? '')).trim(),
  };
  if (!fields.sellerName) throw new Error('اسم البائع مطلوب لرمز QR');
  if (!isValidVatNumber(fields.vatNumber)) {
    throw new Error('الرقم الضريبي يجب أن يكون 15 رقماً يبدأ وينتهي بالرقم 3');
  }
  if (!AMOUNT.test(fields.total)) throw new Error(`إجمالي الفاتورة غير صالح: ${fields.total}`);
  if (!AMOUNT.test(fields.vat)) throw new Error(`إجمالي الضريبة غير صالح: ${fields.vat}`);

  const encoder = new TextEncoder();
  const chunks: number[] = [];
  TAGS.forEach((key, i) => {
    const value = encoder.encode(fields[key]);
    if (value.length > ZATCA_MAX_VALUE_BYTES) {
      throw new Error(
        `${FIELD_LABELS[key]} طويل جداً لرمز QR: ${value.length} بايت، والحد الأقصى ${ZATCA_MAX_VALUE_BYTES} بايت`,
      );
    }
    chunks.push(i + 1, value.length, ...value);
  });
  if (input.stamp) {
    const { hash, signature, publicKey, certificateSignature } = input.stamp;
    const stampTags: [number, Uint8Array][] = [
      [6, encoder.encode(hash)],
      [7, encoder.encode(signature)],
      [8, publicKey],
    ];
    if (certificateSignature) stampTags.push([9, certificateSignature]);
    for (const [tag, value] of stampTags) {
      if (value.length > ZATCA_MAX_VALUE_BYTES) throw new Error(`الحقل ${tag} طويل جداً لرمز QR`);
      chunks.push(tag, value.length, ...value);
    }
  }
  return bytesToBase64(Uint8Array.from(chunks));
}

/** The raw values of every TLV tag in a QR payload (phase-2 tags 6–9 included), by tag number. */
export function zatcaQrTags(base64: string): Map<number, Uint8Array> {
  const bytes = base64ToBytes(base64);
  const tags = new Map<number, Uint8Array>();
  let i = 0;
  while (i < bytes.length) {
    if (i + 2 > bytes.length) throw new Error('رمز QR غير صالح: بيانات ناقصة');
    const end = i + 2 + bytes[i + 1];
    if (end > bytes.length) throw new Error('رمز QR غير صالح: بيانات ناقصة');
    tags.set(bytes[i], bytes.subarray(i + 2, end));
    i = end;
  }
  return tags;
}

/**
 * Decodes a phase-1 QR payload back to its fields (tests, support tools). Tags other than
 * 1–5 are skipped; throws an Error with an Arabic message on truncated or incomplete data or
 * invalid UTF-8.
 */
export function decodeZatcaQr(base64: string): ZatcaQrFields {
  const bytes = base64ToBytes(base64);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const found: Partial<ZatcaQrFields> = {};
  let i = 0;
  while (i < bytes.length) {
    if (i + 2 > bytes.length) throw new Error('رمز QR غير صالح: بيانات ناقصة');
    const tag = bytes[i];
    const length = bytes[i + 1];
    const end = i + 2 + length;
    if (end > bytes.length) throw new Error('رمز QR غير صالح: بيانات ناقصة');
    if (tag >= 1 && tag <= 5) {
      const key = TAGS[tag - 1];
      if (found[key] !== undefined) throw new Error(`رمز QR غير صالح: الحقل ${tag} مكرر`);
      try {
        found[key] = decoder.decode(bytes.subarray(i + 2, end));
      } catch {
        throw new Error(`رمز QR غير صالح: الحقل ${tag} ليس UTF-8`);
      }
    }
    i = end;
  }
  for (const [index, key] of TAGS.entries()) {
    if (found[key] === undefined) throw new Error(`رمز QR غير صالح: الحقل ${index + 1} مفقود`);
  }
  return found as ZatcaQrFields;
}
