import { describe, expect, it } from 'vitest';
import { compareArabic } from './grammar';

describe('compareArabic', () => {
  it('orders Arabic words alphabetically, as `localeCompare` with Arabic does', () => {
    const words = ['ياسر', 'أحمد', 'بدر', 'ثامر', 'تركي', 'الخدمات', 'إدارة', 'زياد'];
    expect([...words].sort(compareArabic)).toEqual([...words].sort((a, b) => a.localeCompare(b, 'ar')));
    expect([...words].sort(compareArabic)[0]).toBe('أحمد');
    expect(compareArabic('بدر', 'بدر')).toBe(0);
  });
});
