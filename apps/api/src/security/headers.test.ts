import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixture';

const t = useTestApp({ signedIn: false });

describe('security headers', () => {
  it('sends a Content-Security-Policy without inline scripts, no framing, and the other helmet headers', async () => {
    const res = await t.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // The app's own origin only (its websocket included): no script can send data anywhere else.
    expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeTruthy();
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
