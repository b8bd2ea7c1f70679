import { formatRelative } from '@idara/domain';
import { api } from '../../lib/api';

/** One backup on the server (`GET /api/backup`, docs/API.md "Backups"). */
export interface BackupFile {
  file: string;
  name: string;
  size: number;
  createdAt: string;
}

export interface BackupStatus {
  data: BackupFile[];
  lastSuccessAt: string | null;
  lastError: { message: string; at: string } | null;
  dir: string;
  engine: 'pglite' | 'postgres';
  /** 0 = no scheduled backups. */
  intervalHours: number;
  keep: number;
}

export const BACKUPS_KEY = ['/api/backup'] as const;

export const backupsQuery = {
  queryKey: BACKUPS_KEY,
  queryFn: () => api<BackupStatus>('/api/backup', { stopAlert: true }),
  staleTime: 30_000,
};

export const createBackup = () => api<BackupFile>('/api/backup', { method: 'POST', retry: 0 });

/** A backup older than this is worth an administrator's attention. */
const STALE_MS = 2 * 24 * 3600_000;

/**
 * Why the home screen should warn an administrator about backups, or null: the last attempt failed,
 * the last backup is over two days old, or there is none and nothing will make one.
 */
export function backupWarning(status: BackupStatus, now = new Date()): string | null {
  if (status.lastError) {
    return `فشلت آخر محاولة للنسخ الاحتياطي (${formatRelative(status.lastError.at, now)}): ${status.lastError.message}`;
  }
  if (status.lastSuccessAt && now.getTime() - Date.parse(status.lastSuccessAt) > STALE_MS) {
    return `آخر نسخة احتياطية أُخذت ${formatRelative(status.lastSuccessAt, now)}.`;
  }
  if (!status.lastSuccessAt && status.intervalHours === 0) {
    return 'لا توجد أي نسخة احتياطية، والنسخ الاحتياطي التلقائي متوقف.';
  }
  return null;
}
