import { formatRelative } from './datetime';

/** What `GET /api/backup` says about the last attempts (the parts the warning reads). */
export interface BackupHealth {
  lastSuccessAt: string | null;
  lastError: { message: string; at: string } | null;
  /** 0 = no scheduled backups. */
  intervalHours: number;
}

/** A backup older than this is worth an administrator's attention. */
export const BACKUP_STALE_MS = 2 * 24 * 3600_000;

/**
 * Why an administrator should look at backups, or null: the last attempt failed, the last backup is
 * over two days old, or there is none and nothing will make one (a new installation with the
 * schedule on gets its first within minutes, so no warning then).
 */
export function backupWarning(status: BackupHealth, now: Date = new Date()): string | null {
  if (status.lastError) {
    return `فشلت آخر محاولة للنسخ الاحتياطي (${formatRelative(status.lastError.at, now)}): ${status.lastError.message}`;
  }
  if (status.lastSuccessAt && now.getTime() - Date.parse(status.lastSuccessAt) > BACKUP_STALE_MS) {
    return `آخر نسخة احتياطية أُخذت ${formatRelative(status.lastSuccessAt, now)}.`;
  }
  if (!status.lastSuccessAt && status.intervalHours === 0) {
    return 'لا توجد أي نسخة احتياطية، والنسخ الاحتياطي التلقائي متوقف.';
  }
  return null;
}
