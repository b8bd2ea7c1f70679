import type { BackupFile, BackupList } from '@idara/domain';
import { api } from '../../lib/api';

/** One backup on the server (`GET /api/backup`, docs/API.md "Backups"). */
export type { BackupFile };

export type BackupStatus = BackupList;

export const BACKUPS_KEY = ['/api/backup'] as const;

export const backupsQuery = {
  queryKey: BACKUPS_KEY,
  queryFn: () => api('/api/backup', { stopAlert: true }),
  staleTime: 30_000,
};

export const createBackup = () => api('/api/backup', { method: 'POST', retry: 0 });
