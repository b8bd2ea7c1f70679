/** The statement's period presets, as Riyadh calendar days 'YYYY-MM-DD'. */
export const periodPresets = ['thisMonth', 'lastMonth', 'thisQuarter', 'thisYear', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

export const periodPresetLabels: Record<PeriodPreset, string> = {
  thisMonth: 'هذا الشهر',
  lastMonth: 'الشهر الماضي',
  thisQuarter: 'هذا الربع',
  thisYear: 'هذه السنة',
  custom: 'فترة مخصصة',
};

const day = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.toISOString().slice(0, 10);
};
const lastDay = (y: number, m: number) => day(y, m + 1, 0);

/** The days a preset covers on `today` (itself a Riyadh day). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string) {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  switch (preset) {
    case 'thisMonth':
      return { from: day(y, m, 1), to: today };
    case 'lastMonth':
      return { from: day(y, m - 1, 1), to: lastDay(y, m - 1) };
    case 'thisQuarter':
      return { from: day(y, m - ((m - 1) % 3), 1), to: today };
    case 'thisYear':
      return { from: day(y, 1, 1), to: today };
  }
}
