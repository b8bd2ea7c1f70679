import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The office has one settings record, and the settings page saves it with the version it read
 * (If-Match). A test that saves it while a test in the other worker does meets the edit-conflict
 * dialog (412), as two people would — which is not what either test is about. Tests that save the
 * settings hold this lock, across the run's workers, from before they open the page until they end.
 *
 * The lock is a directory (mkdir is atomic) with the holder's pid in it; a holder that died with
 * it held (a killed worker) is noticed and its lock taken over.
 */
const LOCK = path.join(os.tmpdir(), `idara-e2e-${process.env.E2E_PORT ?? 3210}-settings.lock`);
const OWNER = path.join(LOCK, 'pid');
const POLL_MS = 50;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryTake(): boolean {
  try {
    fs.mkdirSync(LOCK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readOwner());
    // A lock without a pid yet is being taken right now; one whose holder is gone is free.
    if (holder > 0 && !alive(holder)) fs.rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
  fs.writeFileSync(OWNER, String(process.pid));
  return true;
}

function readOwner(): string {
  try {
    return fs.readFileSync(OWNER, 'utf8');
  } catch {
    return '';
  }
}

/** Waits until this process holds the office's settings; the returned function lets them go. */
export async function holdOfficeSettings(): Promise<() => void> {
  while (!tryTake()) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  return () => fs.rmSync(LOCK, { recursive: true, force: true });
}
