import { z } from 'zod';

/** A spreadsheet row as the import reports it: its line, who it names, why it is refused. */
export const importRowOut = z.object({
  line: z.number().int(),
  name: z.string(),
  phoneNumber: z.string(),
  errors: z.array(z.string()),
});
export type ImportRow = z.output<typeof importRowOut>;

/** `POST /api/customer/import?dryRun=true`: the preview, nothing written. */
export const importPreviewOut = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first 1,000 rows. */
  rows: z.array(importRowOut),
});
export type ImportPreview = z.output<typeof importPreviewOut>;

/** `POST /api/customer/import`: how many were imported and which rows were skipped. */
export const importResultOut = z.object({
  message: z.string(),
  imported: z.number().int(),
  skipped: z.array(importRowOut),
});
export type ImportResult = z.output<typeof importResultOut>;

/** The import answers its preview or its result, as `dryRun` asks. */
export const importOut = z.union([importPreviewOut, importResultOut]);
