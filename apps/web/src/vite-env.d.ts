/// <reference types="vite/client" />

/** Build id written by vite.config.ts; compared with dist/version.json to detect a new release. */
declare const __APP_VERSION__: string;

interface Window {
  /** Set by /runtime-config.js (apps/web/public), which the server writes into the page. */
  __IDARA_CONFIG__?: { apiBase?: string };
}
