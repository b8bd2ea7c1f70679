// exceljs adds ~30 MB to the process when loaded, so it is loaded on the first Excel export or import.
let excel: Promise<typeof import('exceljs')> | undefined;

export function loadExcel() {
  excel ??= import('exceljs').then((m) => (m as { default?: typeof import('exceljs') }).default ?? m);
  return excel;
}
