import { minutesAsHours, percentOf, type VisitsReport, visitsReportMonths } from '@idara/domain';
import type { ExportColumn } from '../../http/export';
import { sendExportFile } from '../../http/pdf';
import type { RoutesPlugin } from '../../http/response-contract';
import { each } from './common';
import { periodExportRoute } from './period-export';
import { visitsReportFor } from './visits-report';

/**
 * One sheet for the report's parts: a month's row fills the visit columns, a technician's the hours
 * and the customers' ratings, a rated contract its ratings.
 */
const columns: ExportColumn[] = [
  { key: 'part', header: 'البند', width: 14 },
  { key: 'name', header: 'الشهر أو الفني', width: 28 },
  { key: 'due', header: 'الزيارات', type: 'number' },
  { key: 'done', header: 'المنجزة', type: 'number' },
  { key: 'missed', header: 'الفائتة', type: 'number' },
  { key: 'revenue', header: 'إيراد العقود', type: 'money' },
  { key: 'booked', header: 'الساعات المحجوزة', type: 'number' },
  { key: 'available', header: 'الساعات المتاحة', type: 'number' },
  { key: 'percent', header: 'نسبة الحجز ٪', type: 'number' },
  { key: 'ratings', header: 'التقييمات', type: 'number' },
  { key: 'averageRating', header: 'متوسط التقييم', type: 'number' },
];

/** The months (every one of the period), their total, the overdue visits, each technician, the rated contracts. */
function exportRows(report: VisitsReport): Record<string, unknown>[] {
  const { months, totals } = visitsReportMonths(report);
  return [
    ...months.map((m) => ({ part: 'الشهر', name: m.label, ...m })),
    { part: 'الإجمالي', name: 'الفترة كلها', ...totals },
    { part: 'متأخرة', name: 'زيارات فات موعدها ولم تُنجز', due: report.overdue },
    ...report.technicians.map((t) => ({
      part: 'الفني',
      name: t.name,
      due: t.visits,
      booked: minutesAsHours(t.bookedMinutes),
      available: minutesAsHours(t.availableMinutes),
      percent: percentOf(t.bookedMinutes, t.availableMinutes),
      ratings: t.ratings,
      averageRating: t.averageRating,
    })),
    ...report.contractRatings.map((c) => ({
      part: 'العقد',
      name: `عقد رقم ${c.number} — ${c.customerName}`,
      ratings: c.ratings,
      averageRating: c.averageRating,
    })),
  ];
}

/** `GET /api/report/visits/export?fileType=xlsx|csv|pdf&from&to` (docs/API.md «Visits report»). */
export const visitsExportRoutes: RoutesPlugin = async (app) => {
  periodExportRoute(app, '/visits/export', 'report:visits', async ({ req, reply, from, to, fileType }) => {
    const name = `تقرير الزيارات والعقود ${from} إلى ${to}`;
    // A year of months and an office's technicians: short enough for a PDF.
    await sendExportFile(req, reply, fileType, {
      fileName: name,
      title: name,
      columns,
      rows: each(exportRows(await visitsReportFor(app.db, from, to))),
    });
    return `تصدير تقرير الزيارات والعقود من ${from} إلى ${to}`;
  });
};
