import { hasAll, type SigninResult, type User } from '@idara/domain';
import { api, apiHooks } from './api';
import { createStore, useStore } from './create-store';
import { queryClient } from './query-client';
import { safeStorage } from './safe-storage';
import { closeSocket } from './socket';
import { clearToken, getToken, setToken } from './token-storage';

export type { SigninResult, User };

interface AuthState {
  user: User | null;
  /** A token is stored (the user may not be loaded yet). */
  hasToken: boolean;
  /** The current user is being fetched for a stored token. */
  checking: boolean;
  /** Global loading flag during sign-in (spec §4). */
  loading: boolean;
  /** Set by an explicit sign-out so the guard goes to sign-in without a redirect. */
  signedOut: boolean;
}

export const useAuth = () => useStore(authStore);

export function can(user: User | null, required: readonly string[] = []): boolean {
  return hasAll(user?.permissions, required);
}

export function useCan(...required: string[]): boolean {
  return can(useAuth().user, required);
}

/**
 * `started` runs once the new session's token is stored and before the app renders for it: what
 * the next page asks for can go out then (SigninPage: home's figures), not after that render.
 */
export async function signIn(
  body: { phoneNumber: string; password: string },
  started?: () => void,
): Promise<User> {
  authStore.set({ loading: true });
  try {
    const result = await api('/api/auth/signin', {
      method: 'POST',
      body,
      retry: 0,
      stopAlert: true,
    });
    acceptSession(result, started);
    return result.user;
  } finally {
    authStore.set({ loading: false });
  }
}

/**
 * The signed-in user as last loaded, for a start with no network: a technician's phone opens its
 * day offline (features/field) instead of signing out. The server still checks every request.
 */
const USER_KEY = 'idara:user';
/**
 * Which session a remembered user belongs to: the token's end, kept beside it. A token put there
 * another way (another tab's sign-in, a sign-in link) is not opened as the previous user.
 */
const sessionMark = () => getToken()?.slice(-16) ?? null;
const rememberUser = (user: User) =>
  safeStorage.set(USER_KEY, JSON.stringify({ session: sessionMark(), user }));

function rememberedUser(): User | null {
  try {
    const kept = JSON.parse(safeStorage.get(USER_KEY) ?? 'null') as { session?: string; user?: User } | null;
    return kept?.user && kept.session != null && kept.session === sessionMark() ? kept.user : null;
  } catch {
    return null;
  }
}

/**
 * A stored session opens as the user it last was: the app renders its first page at once (a phone
 * on Slow 4G, or with no network, does not wait for `/api/auth/me`), while that check runs beside
 * it and replaces the user, or ends the session. Until it answers, a page the remembered user may
 * not open shows the loader rather than sending them away (RootRoute).
 */
const hasStoredToken = getToken() !== null;
export const authStore = createStore<AuthState>({
  user: hasStoredToken ? rememberedUser() : null,
  hasToken: hasStoredToken,
  checking: hasStoredToken,
  loading: false,
  signedOut: false,
});

/** Stores the token and user of a new session (sign-in, sign-in link). */
export function acceptSession({ user, token }: SigninResult, started?: () => void): void {
  closeSocket();
  queryClient.clear();
  setToken(token);
  rememberUser(user);
  started?.();
  authStore.set({ user, hasToken: true, signedOut: false, checking: false });
}

let pendingMe: Promise<void> | null = null;

/** When a token exists but no user is held, the current user is fetched; failure means signed out. */
export function loadCurrentUser(): Promise<void> {
  if (pendingMe) return pendingMe;
  authStore.set({ checking: true });
  pendingMe = api('/api/auth/me', { stopAlert: true })
    .then((user) => {
      rememberUser(user);
      authStore.set({ user, checking: false });
    })
    .catch((error: { maintenance?: boolean; status?: number }) => {
      if (error?.maintenance) {
        authStore.set({ checking: false });
        return;
      }
      // No network (status 0): the session stands, as the device last knew it.
      const known = error?.status === 0 ? rememberedUser() : null;
      if (known) {
        authStore.set({ user: known, checking: false });
        return;
      }
      dropSession(false);
    })
    .finally(() => {
      pendingMe = null;
    });
  return pendingMe;
}

export function setCurrentUser(user: User): void {
  authStore.set({ user });
}

function dropSession(explicit: boolean): void {
  closeSocket();
  clearToken();
  safeStorage.remove(USER_KEY);
  queryClient.clear();
  authStore.set({ user: null, hasToken: false, checking: false, loading: false, signedOut: explicit });
}

/** Sign-out: tell the server (failure ignored), close the socket, clear user and token; the guard goes to sign-in. */
export async function signOut(): Promise<void> {
  if (getToken()) {
    await api('/api/auth/signout', { method: 'POST', stopAlert: true, retry: 0 }).catch(() => {});
  }
  dropSession(true);
}

/** Response action clearToken: signed out without a toast; the guard keeps the page as redirect. */
apiHooks.onClearToken = () => dropSession(false);

// A stored session: ask whose it is now, while the app's code is still starting, rather than
// after its first render (the root route's effect would ask a few hundred milliseconds later).
if (typeof window !== 'undefined' && getToken() !== null) void loadCurrentUser();
