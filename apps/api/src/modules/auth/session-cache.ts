import type { AuthUser } from './sessions';

interface Entry {
  sessionId: string;
  user: AuthUser;
  at: number;
}

/**
 * Resolved tokens, kept briefly so a request does not pay a session lookup (nor the token's hash)
 * each time. Keyed by the bearer token: it lives only in this process's memory, as each request's
 * header does.
 * Revocation, disabling and permission changes in this process drop entries at once (through
 * domain events); another server process sees them within TTL_MS.
 */
export class SessionCache {
  static TTL_MS = 3000;
  private entries = new Map<string, Entry>();
  constructor(private maxEntries = 10_000) {}

  get(token: string) {
    const e = this.entries.get(token);
    if (!e) return undefined;
    if (Date.now() - e.at > SessionCache.TTL_MS) {
      this.entries.delete(token);
      return undefined;
    }
    return e;
  }

  set(token: string, sessionId: string, user: AuthUser) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { sessionId, user, at: Date.now() });
  }

  dropSessions(sessionIds: string[]) {
    const ids = new Set(sessionIds);
    for (const [k, e] of this.entries) if (ids.has(e.sessionId)) this.entries.delete(k);
  }

  dropUser(userId: string) {
    for (const [k, e] of this.entries) if (e.user._id === userId) this.entries.delete(k);
  }
}
