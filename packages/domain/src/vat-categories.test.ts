import { describe, expect, it } from 'vitest';
import { formatQuantity, lineAmount, quantityProblem } from './units';
import {
  documentTaxProblem,
  exemptionTextOf,
  type LineTax,
  lineTaxProblems,
  taxBreakdown,
} from './vat-categories';

const tax = (
  vatCategory: LineTax['vatCategory'],
  vatExemptionCode = '',
  vatExemptionReason = '',
): LineTax => ({
  vatCategory,
  vatExemptionCode,
  vatExemptionReason,
});

describe('line tax', () => {
  it('asks a reason of ZATCA’s list for Z, E and O, of that category, and none for S', () => {
    expect(lineTaxProblems(tax('S'))).toBeNull();
    expect(lineTaxProblems(tax('S', 'VATEX-SA-33'))).toHaveProperty('vatExemptionCode');
    expect(lineTaxProblems(tax('Z'))?.vatExemptionCode).toMatch(/اختر سبب/);
    expect(lineTaxProblems(tax('Z', 'VATEX-SA-33'))).toBeNull();
    expect(lineTaxProblems(tax('E', 'VATEX-SA-33'))?.vatExemptionCode).toMatch(/لا يخص/);
    expect(lineTaxProblems(tax('E', 'VATEX-SA-30'))).toBeNull();
    expect(lineTaxProblems(tax('Z', 'VATEX-SA-EDU'))).not.toBeNull(); // needs the buyer's national ID
    expect(lineTaxProblems(tax('O', 'VATEX-SA-OOS'))).toHaveProperty('vatExemptionReason');
    expect(lineTaxProblems(tax('O', 'VATEX-SA-OOS', 'تعويض عن ضرر'))).toBeNull();
  });

  it('writes ZATCA’s English text in the XML and the office’s own reason for O', () => {
    expect(exemptionTextOf(tax('Z', 'VATEX-SA-33'))).toBe('Export of services');
    expect(exemptionTextOf(tax('O', 'VATEX-SA-OOS', ' تعويض '))).toBe('تعويض');
    expect(exemptionTextOf(tax('S'))).toBe('');
  });

  it('keeps O alone and one reason per category in a document', () => {
    expect(documentTaxProblem([tax('S'), tax('Z', 'VATEX-SA-33'), tax('E', 'VATEX-SA-29')])).toBeNull();
    expect(documentTaxProblem([tax('S'), tax('O', 'VATEX-SA-OOS', 'سبب')])).toMatch(/لا يجتمع/);
    expect(documentTaxProblem([tax('Z', 'VATEX-SA-33'), tax('Z', 'VATEX-SA-35')])).toMatch(/سبب واحد/);
  });

  it('shares a discount over the categories so the shares add up, and rounds each category once', () => {
    const groups = taxBreakdown(
      [
        { ...tax('S'), net: 1 },
        { ...tax('E', 'VATEX-SA-29'), net: 1 },
        { ...tax('S'), net: 1 },
      ],
      1,
      15,
    );
    expect(groups.map((g) => g.discount)).toEqual([1, 0]);
    expect(groups.reduce((s, g) => s + g.taxable, 0)).toBe(2);
  });
});

describe('units and quantities', () => {
  it('takes thousandths for measured units and whole numbers for counted ones', () => {
    expect(quantityProblem(1.5, 'hour')).toBeNull();
    expect(quantityProblem(1.5, 'piece')).toMatch(/عدد صحيح/);
    expect(quantityProblem(1.2345, 'metre')).toMatch(/ثلاث منازل/);
    expect(quantityProblem(0, 'hour')).toMatch(/أكبر من صفر/);
  });

  it('prices a decimal quantity exactly or not at all', () => {
    expect(lineAmount(2.5, 120_00)).toBe(300_00);
    expect(lineAmount(0.125, 8_00)).toBe(1_00);
    expect(lineAmount(1.255, 10_01)).toBeNull();
    expect(formatQuantity(2.5)).toBe('2.5');
    expect(formatQuantity(3)).toBe('3');
  });
});
