import { ApiError, type ApiErrorBody, NETWORK_ERROR_MESSAGE } from './api-error';
import type { ApiAnswer, Method, Query, RouteCheck } from './api-routes';
import { apiUrl } from './runtime-config';
import { notify } from './toast';
import { getToken } from './token-storage';

export { ApiError, isApiError } from './api-error';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** Suppress error toasts (sends the `stopAlert: yes` header, spec §8). */
  stopAlert?: boolean;
  /** Statuses the caller answers itself (no toast), e.g. 412 for an edit conflict. */
  quietStatuses?: number[];
  /** Retries after a network error or 5xx; 1 by default, 0 for sign-in (spec §7). */
  retry?: number;
  signal?: AbortSignal;
}

const RETRY_DELAY_MS = 1000;

/** Hooks the auth and maintenance modules register, so this file does not import them. */
export const apiHooks: {
  onClearToken: () => void;
  onMaintenance: (message: string) => void;
  onSuccess: () => void;
} = { onClearToken: () => {}, onMaintenance: () => {}, onSuccess: () => {} };

export function buildQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildHeaders(options: RequestOptions, hasBody: boolean): Headers {
  const headers = new Headers(options.headers);
  // A FormData body (file upload) sets its own multipart content type with the boundary.
  if (hasBody && !(options.body instanceof FormData)) headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.stopAlert) headers.set('stopAlert', 'yes');
  return headers;
}

function wantsSilence(options: RequestOptions): boolean {
  if (options.stopAlert) return true;
  const h = options.headers ?? {};
  return Object.entries(h).some(([k, v]) => k.toLowerCase() === 'stopalert' && v === 'yes');
}

/** Low-level fetch with token, retry and error mapping; resolves with the raw Response on 2xx. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const hasBody = options.body !== undefined;
  const url = apiUrl(path) + buildQuery(options.query);
  const retries = options.retry ?? 1;
  let attempt = 0;
  for (;;) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: buildHeaders(options, hasBody),
        body: !hasBody
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (attempt < retries) {
        attempt++;
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      throw reportError(new ApiError(0, { message: NETWORK_ERROR_MESSAGE }), options);
    }
    if (response.ok) {
      apiHooks.onSuccess();
      return response;
    }
    const body = await readErrorBody(response);
    if (response.status >= 500 && !body.maintenance && attempt < retries) {
      attempt++;
      await sleep(RETRY_DELAY_MS);
      continue;
    }
    const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
    throw reportError(new ApiError(response.status, body, retryAfter), options);
  }
}

async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  try {
    const data = (await response.json()) as unknown;
    return data && typeof data === 'object' ? (data as ApiErrorBody) : {};
  } catch {
    return {};
  }
}

/** Response-error hook: clearToken signs out silently, maintenance is flagged, the rest toasts. */
function reportError(error: ApiError, options: RequestOptions): ApiError {
  if (error.action === 'clearToken') {
    apiHooks.onClearToken();
    return error;
  }
  if (error.maintenance) apiHooks.onMaintenance(error.message);
  if (!wantsSilence(options) && !error.maintenance && !options.quietStatuses?.includes(error.status)) {
    for (const entry of error.errors) notify.error(entry);
    if (!error.errors.includes(error.message)) notify.error(error.message);
  }
  return error;
}

/** `api`'s options: the method and the query are read by the answer's type. */
export type ApiOptions<M extends Method, Q extends Query> = Omit<RequestOptions, 'method' | 'query'> & {
  method?: M;
  query?: Q;
};

/**
 * JSON request typed by the contract: the answer is what the route `method path` declares (the
 * route map `apiRoutes` of `@idara/domain`; lib/api-routes.ts), a path no JSON route answers does
 * not compile. A list asked without `fields` has whole rows; with a literal `fields` the named
 * columns. Throws ApiError (with `fieldErrors` for forms) on failure.
 */
export function api<
  const P extends string,
  M extends Method = 'GET',
  const Q extends Query = Record<never, never>,
>(path: P & RouteCheck<P, M>, options: ApiOptions<M, Q> = {}): Promise<ApiAnswer<P, M, Q>> {
  return apiUntyped<ApiAnswer<P, M, Q>>(path, options);
}

/**
 * JSON request to a path known only at run time, its answer typed by the caller. Only the generic
 * screens use it (components/data-table, components/entity, components/resource, the export
 * dialog): their resource path is data (`resource.api`, a hook's `resourcePath`), so no route of
 * the contract can be chosen when compiling. `api-contract.test.ts` keeps it, and casts of `api`,
 * out of the rest of the app.
 */
export async function apiUntyped<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
