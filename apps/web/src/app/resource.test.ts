import { IconTool } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { defineResource } from './resource';

/**
 * A resource file's keys are the record's: a list column, filter or details key must be a field of
 * its answer, a form field one of its body. `npm run typecheck` checks this file; each
 * `@ts-expect-error` fails it if the misspelt key were accepted.
 */
const nav = { group: 'العملاء', label: 'معدات', icon: IconTool } as const;
const titles = { list: 'معدات', new: 'إضافة', edit: 'تعديل' };
const list = { createLabel: 'إضافة', exportTitle: 'تصدير', searchPlaceholder: 'ابحث' };

describe('typed resource keys', () => {
  it('refuses a column, a filter, a details key or a form field the record does not have', () => {
    const misspelt = () =>
      defineResource({
        name: 'equipment',
        titles,
        nav,
        list: {
          ...list,
          // @ts-expect-error «serial» is not a field of the answer (serialNumber)
          columns: [{ key: 'serial', header: 'الرقم' }],
          // @ts-expect-error «instaledAt» is not a field of the answer
          filters: [{ filter: 'instaledAt', label: 'التركيب', placeholder: '', days: true, width: 300 }],
        },
        // @ts-expect-error «customerName» is answered, not sent: not a field of the body
        form: { fields: [{ name: 'customerName', label: 'العميل', kind: 'text' }] },
        // @ts-expect-error «warranty» is not a field of the answer
        details: { fields: [{ label: 'الضمان', key: 'warranty' }] },
      });
    expect(typeof misspelt).toBe('function');

    const right = defineResource({
      name: 'equipment',
      titles,
      nav,
      list: { ...list, columns: [{ key: 'serialNumber', header: 'الرقم' }] },
      form: { fields: [{ name: 'customer', label: 'العميل', kind: 'ref', ref: 'customer' }] },
    });
    expect(right.api).toBe('/api/equipment');
  });
});
