import { entityFacts } from '@idara/domain';
import { IconTool } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { defineResource, defineScreens } from './resource';
import { resources } from './resources';

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

    const contracts = () =>
      defineResource({
        name: 'customer-contract',
        titles,
        nav,
        list: {
          ...list,
          columns: [{ key: 'number', header: 'الرقم' }],
          // The API's own filters that are not fields of the row are allowed by name…
          filters: [
            { filter: 'endingWithin', label: 'قرب الانتهاء', placeholder: '', options: [], width: 160 },
            // @ts-expect-error …and only those: «overdue» is a visit's, not a contract's
            { filter: 'overdue', label: 'متأخرة', placeholder: '', options: [], width: 160 },
          ],
        },
        form: { fields: [{ name: 'startDate', label: 'البداية', kind: 'day' }] },
        details: {
          // A list field's items are shown by their own keys.
          items: {
            key: 'visits',
            title: 'الزيارات',
            resource: 'visit',
            empty: '',
            columns: [
              { key: 'number', header: 'الرقم' },
              // @ts-expect-error «customerName» is not a field of a contract's visit
              { key: 'customerName', header: 'العميل' },
            ],
          },
        },
      });
    expect(typeof contracts).toBe('function');
    // Screens kept in a module of their own are checked the same way.
    const visitScreens = () =>
      defineScreens('visit', {
        list: { ...list, columns: [{ key: 'scheduledAt', header: 'الموعد' }] },
        form: { fields: [{ name: 'scheduledAt', label: 'الموعد', kind: 'dateTime' }] },
        details: {
          fields: [
            { label: 'أنجزها', key: 'doneBy' },
            // @ts-expect-error «doneOn» is not a field of a visit (doneAt)
            { label: 'وقت الإنجاز', key: 'doneOn' },
          ],
        },
      });
    expect(typeof visitScreens).toBe('function');

    const right = defineResource({
      name: 'equipment',
      titles,
      nav,
      list: { ...list, columns: [{ key: 'serialNumber', header: 'الرقم' }] },
      form: { fields: [{ name: 'customer', label: 'العميل', kind: 'ref', ref: 'customer' }] },
    });
    expect(right.api).toBe('/api/equipment');
  });

  it('names an entity’s permissions and log rows by its area, as the server does', () => {
    const entities = resources.filter((r) => r.name in entityFacts);
    expect(entities.map((r) => r.name).sort()).toEqual(Object.keys(entityFacts).sort());
    for (const r of entities) {
      const { area } = entityFacts[r.name as keyof typeof entityFacts];
      expect([r.name, r.area, r.entity]).toEqual([r.name, area, area]);
    }
  });
});
