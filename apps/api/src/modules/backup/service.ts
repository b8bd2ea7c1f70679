import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activity } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import {
  type BackupFile,
  type BackupStatus,
  backupName,
  listBackups,
  pruneBackups,
  readStatus,
  writeAtomically,
  writeStatus,
} from './files';
import { findPgTool, PgToolError, pgDump } from './pg-tools';

const SCHEDULER: ActorContext = {
  actorId: null,
  actorName: 'النسخ الاحتياطي المجدول',
  ip: '',
  userAgent: '',
};
/** How often the schedule looks whether a backup is due (at most; shorter intervals look sooner). */
const CHECK_EVERY_MS = 10 * 60_000;
/** Any number, the same in every process: only the holder of this lock runs the schedule's backup. */
const SCHEDULE_LOCK = 7_391_024;

export const NO_PG_DUMP =
  'النسخ الاحتياطي على PostgreSQL يتم بأداة pg_dump، وهي غير موجودة على هذا الخادم: ثبّت حزمة postgresql-client أو خذ النسخ كما في docs/DEPLOY.md';

/** The Arabic reason a backup failed, from the error behind it. */
function reasonOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof PgToolError) return `فشل pg_dump: ${err.stderr.trim().split('\n')[0] ?? ''}`;
  switch ((err as NodeJS.ErrnoException)?.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'لا توجد مساحة كافية على القرص لحفظ النسخة الاحتياطية';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'لا توجد صلاحية للكتابة في مجلد النسخ الاحتياطية';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'مسار مجلد النسخ الاحتياطية ليس مجلداً';
    default:
      return 'تعذر إنشاء النسخة الاحتياطية';
  }
}

/**
 * Backups: one at a time per process, on request or on a schedule; each written atomically into
 * BACKUP_DIR, the oldest beyond BACKUP_KEEP removed, every attempt in the activity log and the last
 * outcome remembered (in memory and in BACKUP_DIR/backup-status.json).
 */
export class BackupService {
  private queue: Promise<unknown> = Promise.resolve();
  private status: BackupStatus = {};
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private app: FastifyInstance) {}

  private get dir() {
    return this.app.config.backupDir;
  }

  /** Takes a backup now (after any that is running); throws an AppError with the Arabic reason. */
  create(actor: ActorContext, trigger: 'manual' | 'scheduled' = 'manual'): Promise<BackupFile> {
    const run = this.queue.then(() => this.takeBackup(actor, trigger));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The backups on disk, newest first, with the last success and the last failure since it. */
  async list() {
    const [data, stored] = await Promise.all([listBackups(this.dir), readStatus(this.dir)]);
    const latest = (a?: string, b?: string) => (!a ? b : !b ? a : a > b ? a : b);
    const lastSuccessAt = latest(latest(stored.lastSuccessAt, this.status.lastSuccessAt), data[0]?.createdAt);
    const errors = [stored.lastError, this.status.lastError].filter((e) => e !== undefined);
    const lastError = errors
      .filter((e) => !lastSuccessAt || e.at > lastSuccessAt)
      .sort((a, b) => (a.at < b.at ? 1 : -1))[0];
    return {
      data,
      lastSuccessAt: lastSuccessAt ?? null,
      lastError: lastError ?? null,
      dir: this.dir,
      engine: this.app.database.kind,
      intervalHours: this.app.config.BACKUP_INTERVAL_HOURS,
      keep: this.app.config.BACKUP_KEEP,
    };
  }

  private async takeBackup(actor: ActorContext, trigger: 'manual' | 'scheduled'): Promise<BackupFile> {
    const startedAt = new Date();
    const label = trigger === 'manual' ? 'نسخة احتياطية يدوية' : 'نسخة احتياطية مجدولة';
    let backup: BackupFile;
    try {
      await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
      const name = await this.freeName(startedAt);
      await writeAtomically(this.dir, name, (temp) => this.dumpInto(temp));
      const stat = await fs.stat(path.join(this.dir, name));
      backup = { file: path.join(this.dir, name), name, size: stat.size, createdAt: startedAt.toISOString() };
    } catch (err) {
      const message = reasonOf(err);
      this.app.log.error({ err, dir: this.dir }, 'backup failed');
      this.status.lastError = { message, at: new Date().toISOString() };
      await writeStatus(this.dir, {
        ...(await readStatus(this.dir)),
        lastError: this.status.lastError,
      }).catch(() => undefined);
      await recordActivity(this.app.db, actor, {
        action: 'backup_failed',
        entity: 'backup',
        summary: `فشل ${label}: ${message}`,
      }).catch((e) => this.app.log.error({ err: e }, 'could not log the failed backup'));
      throw err instanceof AppError ? err : new AppError(503, message);
    }
    this.status = { lastSuccessAt: backup.createdAt };
    await writeStatus(this.dir, this.status).catch((err) =>
      this.app.log.warn({ err }, 'could not write the backup status file'),
    );
    await pruneBackups(this.dir, this.app.config.BACKUP_KEEP).catch((err) =>
      this.app.log.warn({ err }, 'could not remove old backups'),
    );
    // The file is written and complete; a log row that cannot be written does not undo that.
    await recordActivity(this.app.db, actor, {
      action: 'create',
      entity: 'backup',
      entityId: backup.name,
      summary: `${label}: ${backup.name}`,
      after: { file: backup.file, size: backup.size },
    }).catch((err) => this.app.log.error({ err }, 'could not log the backup'));
    return backup;
  }

  /** A file name for this moment that no backup has yet (two in the same millisecond get the next). */
  private async freeName(at: Date) {
    const format = this.app.database.kind === 'pglite' ? 'tar.gz' : 'dump';
    for (let t = at.getTime(); ; t++) {
      const name = backupName(new Date(t), format);
      const exists = await fs.stat(path.join(this.dir, name)).then(
        () => true,
        () => false,
      );
      if (!exists) return name;
    }
  }

  private async dumpInto(temp: string) {
    const { database } = this.app;
    if (database.backupTo) {
      await database.backupTo(temp);
      return;
    }
    const bin = findPgTool('pg_dump');
    if (!bin || !database.url) throw new AppError(409, NO_PG_DUMP);
    await pgDump(bin, database.url, temp);
  }

  /** Starts the schedule (BACKUP_INTERVAL_HOURS; 0 = off). */
  startSchedule() {
    const hours = this.app.config.BACKUP_INTERVAL_HOURS;
    if (hours <= 0 || this.timer) return;
    const check = Math.min(hours * 3600_000, CHECK_EVERY_MS);
    const tick = async () => {
      try {
        await this.runScheduled(hours * 3600_000);
      } catch (err) {
        this.app.log.warn({ err }, 'scheduled backup did not run');
      }
      if (!this.stopped) this.timer = setTimeout(tick, check).unref();
    };
    this.timer = setTimeout(tick, check).unref();
  }

  /** A backup when the last one (by any process: the activity log is shared) is an interval old. */
  private async runScheduled(intervalMs: number) {
    const due = async (db: FastifyInstance['db']) => {
      const [last] = await db
        .select({ at: activity.createdAt })
        .from(activity)
        .where(and(eq(activity.entity, 'backup'), eq(activity.action, 'create')))
        .orderBy(desc(activity.createdAt))
        .limit(1);
      return !last || Date.now() - new Date(last.at).getTime() >= intervalMs * 0.99;
    };
    if (this.app.database.kind === 'pglite') {
      // One process holds the embedded database, so there is nobody to coordinate with.
      if (await due(this.app.db)) await this.create(SCHEDULER, 'scheduled').catch(() => undefined);
      return;
    }
    // Several app processes share PostgreSQL: the one that gets this lock checks and takes the
    // backup; the lock and the check end with this transaction, after the backup's activity row.
    await this.app.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${SCHEDULE_LOCK}) as got`)) as {
        rows: { got: boolean }[];
      };
      if (!rows[0]?.got || !(await due(tx as unknown as FastifyInstance['db']))) return;
      await this.create(SCHEDULER, 'scheduled').catch(() => undefined);
    });
  }

  /** Stops the schedule and waits for a backup in progress (before the database closes). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.queue;
  }
}
