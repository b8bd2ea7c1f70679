import { z } from 'zod';
import { fromHalalas, toHalalas } from '../money';

/**
 * Money on the wire is a decimal string with two places ("1250.50"); numbers are accepted on input.
 * Parsed to integer halalas, never floats.
 */
export const moneyInput = (label: string) =>
  z.union([z.string(), z.number()], { message: `${label} مطلوب` }).transform((v, ctx) => {
    try {
      const halalas = toHalalas(v);
      if (halalas < 0) throw new Error('negative');
      if (halalas > 1_000_000_000_00) throw new Error('too large');
      return fromHalalas(halalas);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label} غير صحيح، مثال: 150.00` });
      return z.NEVER;
    }
  });
