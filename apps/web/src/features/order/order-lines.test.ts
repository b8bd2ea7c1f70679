import { orderTotals } from '@idara/domain';
import { describe, expect, it } from 'vitest';
import { type ItemValues, lineErrors, overrideOf, preview, type ServiceTerms } from './order-lines';

const standard: ServiceTerms = {
  unit: 'piece',
  tax: { vatCategory: 'S', vatExemptionCode: '', vatExemptionReason: '' },
};
const exportHours: ServiceTerms = {
  unit: 'hour',
  tax: { vatCategory: 'Z', vatExemptionCode: 'VATEX-SA-33', vatExemptionReason: '' },
};
const services: Record<string, ServiceTerms> = { visit: standard, consulting: exportHours };
const terms = (id: string | null) => (id ? (services[id] ?? null) : null);

const line = (service: string, quantity: number | string, unitPrice: string, own = {}): ItemValues => ({
  key: service,
  service,
  quantity,
  unitPrice,
  vatCategory: '',
  vatExemptionCode: '',
  vatExemptionReason: '',
  ...own,
});

describe('order form lines', () => {
  it('the preview taxes each line by its service’s category, as the domain does', () => {
    const items = [line('visit', 2, '200.00'), line('consulting', '1.5', '300.00')];
    const p = preview(items, '50', 15, terms);
    expect(p.lines).toEqual([40_000, 45_000]);
    const domain = orderTotals(
      [
        { quantity: 2, unitPrice: 20_000 },
        { quantity: 1.5, unitPrice: 30_000, ...exportHours.tax },
      ],
      5_000,
      15,
    );
    expect(p.totals).toEqual(domain);
    expect(p.totals?.groups.map((g) => [g.vatCategory, g.vat])).toEqual([
      ['S', domain.taxAmount],
      ['Z', 0],
    ]);
  });

  it('a fraction of a piece, or of a halala, is said on the quantity and left out of the totals', () => {
    const items = [line('visit', '1.5', '200.00'), line('consulting', '1.255', '10.01')];
    expect(preview(items, '', 15, terms).lines).toEqual([null, null]);
    const errors: Record<string, string> = {};
    lineErrors(items, terms, errors);
    expect(errors['items.0.quantity']).toBe('الكمية بوحدة «قطعة» عدد صحيح');
    expect(errors['items.1.quantity']).toMatch(/لا يساوي عدداً صحيحاً من الهللات/);
  });

  it('a line’s own category is sent only when it is not its service’s, and needs its reason', () => {
    const same = line('consulting', 1, '300.00', exportHours.tax);
    expect(overrideOf(same, exportHours)).toBeNull();
    const own = line('visit', 1, '200.00', { vatCategory: 'Z' });
    expect(overrideOf(own, standard)).toEqual({
      vatCategory: 'Z',
      vatExemptionCode: '',
      vatExemptionReason: '',
    });
    const errors: Record<string, string> = {};
    lineErrors([own], terms, errors);
    expect(errors['items.0.vatExemptionCode']).toMatch(/^اختر سبب الإعفاء/);
  });

  it('an out-of-scope line may not share the order with others', () => {
    const outside = { vatCategory: 'O', vatExemptionCode: 'VATEX-SA-OOS', vatExemptionReason: 'تعويض' };
    const errors: Record<string, string> = {};
    lineErrors([line('visit', 1, '200.00'), line('visit', 1, '200.00', outside)], terms, errors);
    expect(errors.items).toMatch(/خارج نطاق الضريبة لا يجتمع مع غيره/);
  });
});
