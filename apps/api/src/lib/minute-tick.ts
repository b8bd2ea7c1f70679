import type { FastifyInstance } from 'fastify';

const TICK_MS = 60_000;

/**
 * Work the server does on its own once a minute (reminders, the contracts-and-visits notices):
 * started and stopped with the app, never two ticks at once in one process, a failed tick logged.
 * What keeps two processes from doing one thing twice is each tick's own claim in the database.
 */
export abstract class MinuteTick<Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Result | null> | null = null;

  constructor(
    protected app: FastifyInstance,
    /** The clock every tick reads (tests set a fixed instant). */
    public now: () => Date = () => new Date(),
  ) {}

  /** What the log calls a failed tick. */
  protected abstract readonly failure: string;

  abstract tick(now?: Date): Promise<Result>;

  start() {
    this.timer = setInterval(() => void this.kick(), TICK_MS);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One tick unless one is running in this process; null when it failed. */
  kick() {
    this.running ??= this.tick()
      .catch((err) => {
        this.app.log.error({ err }, this.failure);
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
