import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeZatcaQr,
  isValidCrNumber,
  isValidPostalCode,
  isValidVatNumber,
  ZATCA_MAX_VALUE_BYTES,
  type ZatcaQrInput,
  zatcaQrBase64,
} from './vat';

describe('isValidVatNumber', () => {
  it.each([['300000000000003'], ['310122393500003'], ['٣١٠١٢٢٣٩٣٥٠٠٠٠٣'], [' 300000000000003 ']])(
    'accepts %j',
    (s) => {
      expect(isValidVatNumber(s)).toBe(true);
    },
  );

  it.each([
    ['30000000000003'], // 14 digits
    ['3000000000000003'], // 16 digits
    ['200000000000003'], // starts with 2
    ['300000000000002'], // ends with 2
    ['30000000000000a'],
    ['300 000 000 000 003'],
    [''],
    [null],
    [undefined],
  ])('rejects %j', (s) => {
    expect(isValidVatNumber(s)).toBe(false);
  });
});

describe('isValidCrNumber', () => {
  it('accepts 10 digits, Latin or Arabic-Indic', () => {
    expect(isValidCrNumber('1010123456')).toBe(true);
    expect(isValidCrNumber('٤٠٣٠١٢٣٤٥٦')).toBe(true);
    expect(isValidCrNumber('7001234567')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const s of ['101012345', '10101234567', '10101234a6', '', null, undefined]) {
      expect(isValidCrNumber(s)).toBe(false);
    }
  });
});

describe('isValidPostalCode', () => {
  it('accepts 5 digits', () => {
    expect(isValidPostalCode('12345')).toBe(true);
    expect(isValidPostalCode('١٢٣٤٥')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const s of ['1234', '123456', '12 345', 'abcde', '', null]) expect(isValidPostalCode(s)).toBe(false);
  });
});

function decodeTlv(base64: string): { tag: number; length: number; value: string }[] {
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const out: { tag: number; length: number; value: string }[] = [];
  for (let i = 0; i < bytes.length; ) {
    const tag = bytes[i];
    const length = bytes[i + 1];
    out.push({ tag, length, value: new TextDecoder().decode(bytes.subarray(i + 2, i + 2 + length)) });
    i += 2 + length;
  }
  return out;
}

/** The widely published ZATCA sample vector's fields (seller "Bobs Records"). */
const BOBS_RECORDS = {
  sellerName: 'Bobs Records',
  vatNumber: '310122393500003',
  timestamp: '2022-04-25T15:30:00Z',
  total: '1000.00',
  vat: '150.00',
};

describe('zatcaQrBase64', () => {
  it('matches the ZATCA guideline example byte for byte', () => {
    const qr = zatcaQrBase64(BOBS_RECORDS);
    expect(qr).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
  });

  it('uses UTF-8 byte counts for Arabic names', () => {
    const name = 'شركة إدارة للخدمات';
    const qr = zatcaQrBase64({
      sellerName: name,
      vatNumber: '300000000000003',
      timestamp: new Date('2026-11-21T09:30:00.123Z'),
      total: '1150.00',
      vat: '150.00',
    });
    expect(qr).not.toMatch(/\s/);
    const tlv = decodeTlv(qr);
    expect(tlv.map((t) => t.tag)).toEqual([1, 2, 3, 4, 5]);
    expect(tlv[0]).toEqual({ tag: 1, length: new TextEncoder().encode(name).length, value: name });
    expect(tlv[0].length).toBe(34); // 16 Arabic letters × 2 bytes + 2 spaces
    expect(tlv[1]).toEqual({ tag: 2, length: 15, value: '300000000000003' });
    expect(tlv[2]).toEqual({ tag: 3, length: 20, value: '2026-11-21T09:30:00Z' }); // Date → UTC, no ms
    expect(tlv[3]).toEqual({ tag: 4, length: 7, value: '1150.00' });
    expect(tlv[4]).toEqual({ tag: 5, length: 6, value: '150.00' });
  });

  it('normalises Arabic-Indic digits in the VAT number and amounts', () => {
    const qr = zatcaQrBase64({
      sellerName: 'مؤسسة',
      vatNumber: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣',
      timestamp: '2026-11-21T12:30:00+03:00',
      total: '١١٥٫٠٠'.replace('٫', '.'),
      vat: '15.00',
    });
    expect(decodeZatcaQr(qr)).toEqual({
      sellerName: 'مؤسسة',
      vatNumber: '300000000000003',
      timestamp: '2026-11-21T12:30:00+03:00',
      total: '115.00',
      vat: '15.00',
    });
  });

  const valid: ZatcaQrInput = {
    sellerName: 'شركة',
    vatNumber: '300000000000003',
    timestamp: '2026-11-21T09:30:00Z',
    total: '115.00',
    vat: '15.00',
  };

  it(`accepts a value of exactly ${ZATCA_MAX_VALUE_BYTES} bytes and refuses ${ZATCA_MAX_VALUE_BYTES + 1}`, () => {
    expect(ZATCA_MAX_VALUE_BYTES).toBe(127);
    const ok = 'a'.repeat(127);
    expect(decodeZatcaQr(zatcaQrBase64({ ...valid, sellerName: ok })).sellerName).toBe(ok);
    expect(() => zatcaQrBase64({ ...valid, sellerName: 'a'.repeat(128) })).toThrow(
      /اسم البائع طويل جداً.*128/,
    );
    // 64 Arabic letters are 128 UTF-8 bytes
    expect(() => zatcaQrBase64({ ...valid, sellerName: 'ش'.repeat(64) })).toThrow(/128 بايت/);
    expect(decodeZatcaQr(zatcaQrBase64({ ...valid, sellerName: 'ش'.repeat(63) })).sellerName).toBe(
      'ش'.repeat(63),
    );
  });

  it.each([
    [{ sellerName: '  ' }, /اسم البائع مطلوب/],
    [{ vatNumber: '200000000000003' }, /الرقم الضريبي/],
    [{ timestamp: '21/11/2026' }, /ISO-8601/],
    [{ timestamp: '2026-13-45T99:00:00Z' }, /ISO-8601/],
    [{ timestamp: new Date('x') }, /وقت الفاتورة/],
    [{ total: '1,150.00' }, /إجمالي الفاتورة/],
    [{ total: '' }, /إجمالي الفاتورة/],
    [{ vat: '15.000' }, /إجمالي الضريبة/],
    [{ vat: '-15' }, /إجمالي الضريبة/],
  ] as [Partial<ZatcaQrInput>, RegExp][])('refuses %j', (patch, message) => {
    expect(() => zatcaQrBase64({ ...valid, ...patch })).toThrow(message);
  });

  it('round-trips through decodeZatcaQr', () => {
    const amount = fc
      .tuple(fc.nat({ max: 10_000_000 }), fc.nat({ max: 99 }))
      .map(([a, b]) => `${a}.${String(b).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
          .filter((s) => s.trim() === s && s !== ''),
        fc.stringMatching(/^3\d{13}3$/),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        amount,
        amount,
        (sellerName, vatNumber, date, total, vat) => {
          const qr = zatcaQrBase64({ sellerName, vatNumber, timestamp: date, total, vat });
          expect(qr).toMatch(/^[A-Za-z0-9+/]+=*$/);
          expect(decodeZatcaQr(qr)).toEqual({
            sellerName,
            vatNumber,
            timestamp: date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
            total,
            vat,
          });
        },
      ),
    );
  });
});

describe('decodeZatcaQr', () => {
  const qr = zatcaQrBase64(BOBS_RECORDS);
  const bytes = () => Uint8Array.from(atob(qr), (c) => c.charCodeAt(0));
  const encode = (b: Uint8Array) => btoa(String.fromCharCode(...b));

  it('rejects non-base64 input', () => {
    expect(() => decodeZatcaQr('%%%')).toThrow(/Base64/);
  });

  it('rejects truncated data', () => {
    const b = bytes();
    expect(() => decodeZatcaQr(encode(b.subarray(0, b.length - 1)))).toThrow(/ناقصة/);
    expect(() => decodeZatcaQr(encode(Uint8Array.from([...b, 6])))).toThrow(/ناقصة/);
  });

  it('rejects missing and duplicate tags', () => {
    const b = bytes();
    const withoutVat = b.subarray(0, b.length - 8); // tag 5: 2 + 6 bytes
    expect(() => decodeZatcaQr(encode(withoutVat))).toThrow(/الحقل 5 مفقود/);
    expect(() => decodeZatcaQr(encode(Uint8Array.from([...b, 1, 1, 65])))).toThrow(/مكرر/);
  });

  it('skips unknown (phase-2) tags', () => {
    const b = Uint8Array.from([...bytes(), 6, 3, 1, 2, 3]);
    expect(decodeZatcaQr(encode(b)).sellerName).toBe('Bobs Records');
  });

  it('rejects invalid UTF-8', () => {
    const b = bytes();
    b[2] = 0xff;
    expect(() => decodeZatcaQr(encode(b))).toThrow(/UTF-8/);
  });
});
