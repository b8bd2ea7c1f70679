import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The installable web app (issue 44): its manifest and the service worker Workbox generates
 * (vite-plugin-pwa, MIT). The worker precaches the app shell — index.html, every script, stylesheet
 * and the UI font's faces — and answers every navigation with index.html, so `/tasks` opens with no
 * network. It caches no API answer: the office's figures must be fresh, and the technician's
 * working set lives in IndexedDB instead (src/features/field/offline). Registered after load, out
 * of the shell's scripts (src/lib/service-worker.ts); a new deploy's worker takes over at once
 * (skipWaiting + clientsClaim) and the app's own version check offers the reload.
 */
export const installableApp: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  manifest: {
    id: '/',
    name: 'إدارة',
    short_name: 'إدارة',
    description: 'إدارة — نظام إدارة العملاء والطلبات والحسابات، ومهام الفني في الميدان',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/tasks',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The theme's primary (teal 9, src/lib/theme.ts) and the page background (index.html).
    theme_color: '#087f5b',
    background_color: '#f8f9fa',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
    // Build metadata must come from the server (the version check), and compressed twins are the
    // server's business.
    globIgnores: ['version.json', 'preloads.json', '**/*.gz', '**/*.br', 'sounds/**'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    skipWaiting: true,
    clientsClaim: true,
    // Hashed file names carry their version; no cache-busting query needed.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
};
