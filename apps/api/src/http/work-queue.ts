import pLimit from 'p-limit';
import { AppError } from './errors';

export interface WorkQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs allowed to wait for a turn; one more is refused with 503. */
  maxWaiting: number;
  /** Jobs one requester may have running or waiting; one more is refused with 429. */
  perRequester: number;
  /** Arabic noun phrase for the messages, e.g. 'ملفات PDF'. */
  what: string;
}

/**
 * Heavy work (Chromium pages, spreadsheet workers) at a small fixed concurrency, so many requests
 * queue instead of each taking its own share of memory and CPU. The queue is bounded: a full
 * queue answers 503 and one requester past its share answers 429, both with Retry-After, before
 * any work is done.
 */
export class WorkQueue {
  private readonly limit;
  private readonly byRequester = new Map<string, number>();
  /** Seconds one job takes, smoothed: the basis of Retry-After. */
  private jobSeconds = 5;
  private peak = 0;

  constructor(private readonly opts: WorkQueueOptions) {
    this.limit = pLimit(opts.concurrency);
  }

  /** Running and waiting jobs, and the most that ever ran at once (tests reset it). */
  stats() {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount, peakRunning: this.peak };
  }

  resetPeak() {
    this.peak = this.limit.activeCount;
  }

  private retryAfter(jobsAhead: number) {
    const seconds = Math.ceil(((jobsAhead + 1) * this.jobSeconds) / this.opts.concurrency);
    return { 'retry-after': String(Math.min(Math.max(seconds, 1), 300)) };
  }

  /**
   * Runs `job` when a slot is free. Refuses at once when the queue or the requester's share is
   * full. A job whose client left while it waited (`signal` aborted) is skipped.
   */
  async run<T>(requester: string, job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const mine = this.byRequester.get(requester) ?? 0;
    const ahead = this.limit.activeCount + this.limit.pendingCount;
    if (mine >= this.opts.perRequester) {
      throw new AppError(
        429,
        `لديك ${this.opts.what} قيد التجهيز، انتظر حتى يكتمل ما طلبته ثم أعد المحاولة`,
        {},
        this.retryAfter(ahead),
      );
    }
    if (this.limit.activeCount >= this.opts.concurrency && this.limit.pendingCount >= this.opts.maxWaiting) {
      throw new AppError(
        503,
        `الخادم مشغول بتجهيز ${this.opts.what} أخرى، أعد المحاولة بعد قليل`,
        {},
        this.retryAfter(ahead),
      );
    }
    this.byRequester.set(requester, mine + 1);
    try {
      return await this.limit(async () => {
        // Nobody is waiting for the answer any more: the turn passes to the next job.
        if (signal?.aborted) throw new AppError(400, 'أُلغي الطلب قبل أن يحين دوره');
        this.peak = Math.max(this.peak, this.limit.activeCount);
        const started = performance.now();
        try {
          return await job();
        } finally {
          this.jobSeconds = 0.7 * this.jobSeconds + 0.3 * ((performance.now() - started) / 1000);
        }
      });
    } finally {
      const left = (this.byRequester.get(requester) ?? 1) - 1;
      if (left > 0) this.byRequester.set(requester, left);
      else this.byRequester.delete(requester);
    }
  }
}

/** Who a queued job belongs to: the signed-in user, else the address (public invoice links). */
export const requesterOf = (req: { user?: { _id: string } | null; ip: string }) =>
  req.user?._id ? `user:${req.user._id}` : `ip:${req.ip}`;
