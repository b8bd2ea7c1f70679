import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { WorkQueue } from './work-queue';

const queue = () => new WorkQueue({ concurrency: 1, maxWaiting: 2, perRequester: 2, what: 'ملفات' });

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe('WorkQueue', () => {
  it('runs one job at a time in order, refusing past the requester share (429) and the queue (503)', async () => {
    const q = queue();
    const first = gate();
    const order: string[] = [];
    const a = q.run('a', async () => {
      order.push('a1');
      await first.opened;
    });
    const b = q.run('a', async () => {
      order.push('a2');
    });
    await expect(q.run('a', async () => {})).rejects.toMatchObject({ statusCode: 429 });
    const c = q.run('c', async () => {
      order.push('c');
    });
    const full = await q.run('d', async () => {}).catch((e: AppError) => e);
    expect(full).toBeInstanceOf(AppError);
    expect((full as AppError).statusCode).toBe(503);
    expect(Number((full as AppError).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(q.stats()).toMatchObject({ running: 1, waiting: 2 });
    first.open();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a1', 'a2', 'c']);
    expect(q.stats()).toEqual({ running: 0, waiting: 0, peakRunning: 1 });
    // The share is given back once the jobs are done.
    await expect(q.run('a', async () => 'again')).resolves.toBe('again');
  });

  it('skips a waiting job whose client left, and frees its place', async () => {
    const q = queue();
    const first = gate();
    const running = q.run('a', () => first.opened);
    const left = new AbortController();
    let ran = false;
    const waiting = q.run(
      'b',
      async () => {
        ran = true;
      },
      left.signal,
    );
    left.abort();
    first.open();
    await running;
    await expect(waiting).rejects.toMatchObject({ statusCode: 400 });
    expect(ran).toBe(false);
    expect(q.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
