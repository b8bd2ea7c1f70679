import { z } from 'zod';
import { exactHalalas, FractionOfHalala, fromHalalas } from '../money';
import { MAX_LINE_HALALAS, tooLargeMessage } from '../orders';

/**
 * Money on the wire is a decimal string with two places ("1250.50"); numbers are accepted on input.
 * Parsed to integer halalas, never floats; a part of a halala ('10.005') is refused, not rounded.
 */
export const moneyInput = (label: string) =>
  z.union([z.string(), z.number()], { message: `${label} مطلوب` }).transform((v, ctx) => {
    try {
      const halalas = exactHalalas(v);
      if (halalas < 0) throw new Error('negative');
      if (halalas > 1_000_000_000_00) throw new Error('too large');
      return fromHalalas(halalas);
    } catch (err) {
      const message =
        err instanceof FractionOfHalala
          ? `${label} بمنزلتين عشريتين على الأكثر (هللات)، مثال: 150.25`
          : `${label} غير صحيح، مثال: 150.00`;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

/**
 * A price that becomes one invoice line (a service's, a contract type's, a customer contract's):
 * refused on its own field above what a line takes, rather than later on the invoice it makes.
 */
export const linePriceInput = (label: string) =>
  moneyInput(label).superRefine((price, ctx) => {
    if (exactHalalas(price) > MAX_LINE_HALALAS)
      ctx.addIssue({ code: 'custom', message: tooLargeMessage(label, MAX_LINE_HALALAS) });
  });
