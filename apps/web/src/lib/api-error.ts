import type { ErrorResponse } from '@idara/domain';
/** Error body of the API (the domain's `errorResponse`); a proxy's error page may lack every key. */
export type ApiErrorBody = Partial<ErrorResponse>;

export const DEFAULT_ERROR_MESSAGE = 'حدث خطأ';
export const NETWORK_ERROR_MESSAGE = 'تعذر الاتصال بالخادم، تحقق من اتصالك بالشبكة';

/** Errors default to status 500 and the Arabic "an error occurred" (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  readonly fieldErrors: Record<string, string>;
  readonly action?: 'clearToken';
  readonly maintenance: boolean;
  readonly retryAfter?: number;
  /** The whole error body, for answers that carry more (e.g. `{code: 'overpay', balance}`). */
  readonly body: ApiErrorBody & Record<string, unknown>;

  constructor(status = 500, body: ApiErrorBody = {}, retryAfter?: number) {
    super(body.message || DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.errors = Array.isArray(body.errors) ? body.errors : [];
    this.fieldErrors = body.fieldErrors ?? {};
    this.action = body.action;
    this.maintenance = body.maintenance === true;
    this.retryAfter = retryAfter;
    this.body = body as ApiErrorBody & Record<string, unknown>;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return DEFAULT_ERROR_MESSAGE;
}
