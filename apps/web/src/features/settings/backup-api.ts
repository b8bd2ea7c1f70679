import type { BackupHealth } from '@idara/domain';
import { api } from '../../lib/api';

/** One backup on the server (`GET /api/backup`, docs/API.md "Backups"). */
export interface BackupFile {
  file: string;
  name: string;
  size: number;
  createdAt: string;
}

export interface BackupStatus extends BackupHealth {
  data: BackupFile[];
  dir: string;
  engine: 'pglite' | 'postgres';
  keep: number;
}

export const BACKUPS_KEY = ['/api/backup'] as const;

export const backupsQuery = {
  queryKey: BACKUPS_KEY,
  queryFn: () => api<BackupStatus>('/api/backup', { stopAlert: true }),
  staleTime: 30_000,
};

export const createBackup = () => api<BackupFile>('/api/backup', { method: 'POST', retry: 0 });
