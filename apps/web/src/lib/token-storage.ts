import { safeStorage } from './safe-storage';

/** The access token lives in a cookie and in localStorage, both named accessToken (spec §9). */
const KEY = 'accessToken';
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

function readCookie(): string | null {
  try {
    const entry = document.cookie.split('; ').find((c) => c.startsWith(`${KEY}=`));
    return entry ? decodeURIComponent(entry.slice(KEY.length + 1)) || null : null;
  } catch (error) {
    console.error('cookie read failed', error);
    return null;
  }
}

function writeCookie(value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec requires the token in a cookie
    document.cookie = `${KEY}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Strict${secure}`;
  } catch (error) {
    console.error('cookie write failed', error);
  }
}

export function getToken(): string | null {
  return safeStorage.get(KEY) ?? readCookie();
}

export function setToken(token: string): void {
  writeCookie(token, MAX_AGE_SECONDS);
  safeStorage.set(KEY, token);
}

export function clearToken(): void {
  writeCookie('', 0);
  safeStorage.remove(KEY);
}
