/** Base URL of the API from /runtime-config.js; '' (same origin) when absent. */
export function apiBase(): string {
  const base = typeof window === 'undefined' ? '' : (window.__IDARA_CONFIG__?.apiBase ?? '');
  return base.replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`;
}
