import { describe, expect, it } from 'vitest';
import { fileNameParts } from './FileName';

describe('fileNameParts', () => {
  it('isolates the date and the extension after an Arabic name, the separator outside', () => {
    expect(fileNameParts('العملاء-2026-11-28.xlsx')).toEqual([
      { text: 'العملاء', ltr: false },
      { text: '-', ltr: false },
      { text: '2026-11-28.xlsx', ltr: true },
    ]);
  });

  it('keeps Arabic words with their spaces, and isolates each Latin or digit run', () => {
    expect(fileNameParts('أعمار الذمم-2026-01-05.csv').map((p) => p.text)).toEqual([
      'أعمار',
      ' ',
      'الذمم',
      '-',
      '2026-01-05.csv',
    ]);
    expect(fileNameParts('فاتورة-INV-0001-2026-11-28.pdf')).toEqual([
      { text: 'فاتورة', ltr: false },
      { text: '-', ltr: false },
      { text: 'INV-0001-2026-11-28.pdf', ltr: true },
    ]);
  });

  it('a Latin name is one left-to-right run, and the parts always rebuild the name', () => {
    expect(fileNameParts('export-2026-11-28.xlsx')).toEqual([{ text: 'export-2026-11-28.xlsx', ltr: true }]);
    for (const name of ['كشف حساب مؤسسة X 12-2026-11-28.pdf', 'ملف', '', '-.xlsx'])
      expect(
        fileNameParts(name)
          .map((p) => p.text)
          .join(''),
      ).toBe(name);
  });
});
