import { z } from 'zod';
import { nationalAddressOut, storedRowOut } from './common';

/** The settings row (spec §3 plus the seller's data) with its edit version. */
export const settingsOut = storedRowOut('Settings', {
  tax: z.number(),
  address: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  whatsappNumber: z.string(),
  newCustomer: z.boolean(),
  newOrder: z.boolean(),
  newPayment: z.boolean(),
  payPayment: z.boolean(),
  maintenanceMode: z.boolean(),
  companyName: z.string(),
  vatNumber: z.string(),
  crNumber: z.string(),
  branchName: z.string(),
  vatGroupTin: z.string(),
  businessCategory: z.string(),
  sellerAddress: nationalAddressOut.nullable(),
  fourEyes: z.boolean(),
  visitDayStart: z.string(),
  visitMinutes: z.number().int(),
  holidays: z.array(z.string()),
  version: z.number().int(),
});
/** `GET /api/settings?fields=…` keeps or drops columns, so any of them may be absent. */
export const settingsFieldsOut = settingsOut
  .partial()
  .meta({ description: 'the settings; `fields=a,b` keeps only those, `fields=-a` drops those' });
export type SettingsRecord = z.output<typeof settingsOut>;

const backupFileOut = z.object({
  file: z.string().describe('absolute path on the server'),
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type BackupFile = z.output<typeof backupFileOut>;
export { backupFileOut };

/** `GET /api/backup`: the kept backups and how the last attempt went. */
export const backupListOut = z.object({
  data: z.array(backupFileOut),
  lastSuccessAt: z.string().nullable(),
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
  dir: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  intervalHours: z.number(),
  keep: z.number().int(),
});
export type BackupList = z.output<typeof backupListOut>;
