import { describe, expect, it } from 'vitest';
import { EventBus } from './events';

describe('EventBus.settled', () => {
  it('waits for every handler, and for the events they emit in turn', async () => {
    const bus = new EventBus();
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    bus.on('user.changed', async ({ userId }) => {
      await gate;
      done.push(`changed ${userId}`);
      bus.emit('sessions.revoked', { userId, sessionIds: [] });
    });
    bus.on('sessions.revoked', async ({ userId }) => {
      await Promise.resolve();
      done.push(`revoked ${userId}`);
    });
    bus.on('user.changed', () => {
      throw new Error('a failing plain handler is the emitter’s to report');
    });

    expect(() => bus.emit('user.changed', { userId: 'u1' })).toThrow();
    const settled = bus.settled();
    let finished = false;
    void settled.then(() => {
      finished = true;
    });
    await Promise.resolve();
    expect(finished).toBe(false);
    release();
    await settled;
    expect(done).toEqual(['changed u1', 'revoked u1']);
  });

  it('settles a handler that fails without rejecting', async () => {
    const bus = new EventBus();
    bus.on('user.changed', async () => {
      throw new Error('logged by the handler’s owner');
    });
    bus.emit('user.changed', { userId: 'u2' });
    await expect(bus.settled()).resolves.toBeUndefined();
  });
});
