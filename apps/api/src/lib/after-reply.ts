import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts and answers without waiting for (its time must not tell the caller anything,
 * as with password-reset requests). Failures go to the log; closing the app waits for what is under
 * way, and so can a test that looks at the result.
 */
export class AfterReply {
  private readonly underWay = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, task: () => Promise<unknown>) {
    const work: Promise<void> = task()
      .then(() => undefined)
      .catch((err) => this.log.error({ err }, `${what} failed`))
      .finally(() => this.underWay.delete(work));
    this.underWay.add(work);
  }

  /** Resolves once everything started so far has finished. */
  async settled() {
    while (this.underWay.size) await Promise.allSettled([...this.underWay]);
  }
}
