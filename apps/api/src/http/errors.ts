import type { Duplex } from 'node:stream';
import { type EntityNoun, entityNouns, notFoundText } from '@idara/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

export interface ErrorBody {
  message: string;
  errors?: string[];
  fieldErrors?: Record<string, string>;
  action?: 'clearToken';
  [extra: string]: unknown;
}

/** An error whose status and Arabic message are meant for the client. */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public extra: Omit<ErrorBody, 'message'> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 404 naming what is missing, in agreement: notFound(entityNouns.service) → «الخدمة غير موجودة». */
export const notFound = (what: EntityNoun | string = entityNouns.record) =>
  new AppError(404, notFoundText(typeof what === 'string' ? { noun: what, gender: 'm' } : what));
/** A 422 that the form shows under one field (e.g. a record that must exist does not). */
export const fieldError = (field: string, message: string) =>
  new AppError(422, message, { fieldErrors: { [field]: message } });
export const forbidden = () => new AppError(403, 'ليس لديك صلاحية لتنفيذ هذا الإجراء');
export const unauthorized = (clearToken = false) =>
  new AppError(401, clearToken ? 'انتهت الجلسة، يرجى تسجيل الدخول من جديد' : 'يجب تسجيل الدخول أولاً', {
    ...(clearToken ? { action: 'clearToken' as const } : {}),
  });
export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(400, message, fieldErrors ? { fieldErrors } : {});

const INVALID_INPUT = 'البيانات المدخلة غير صحيحة';

function fieldErrorsFromIssues(issues: { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}

/** Walks the cause chain for a PostgreSQL error code (drizzle wraps driver errors). */
function pgErrorOf(err: unknown): { code: string; constraint?: string; detail?: string } | undefined {
  let e: any = err;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

export const STORAGE_FULL_MESSAGE = 'مساحة التخزين ممتلئة، لم يُحفظ شيء. أبلغ مسؤول النظام لإفراغ مساحة';

/** A write refused because the disk is full: PostgreSQL's 53100 or the file system's ENOSPC. */
export function isDiskFull(err: unknown): boolean {
  let e: any = err;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause) {
    if (e.code === '53100' || e.code === 'ENOSPC') return true;
    if (typeof e.message === 'string' && /No space left on device/i.test(e.message)) return true;
  }
  return false;
}

function storageFull() {
  return { status: 507, body: { message: STORAGE_FULL_MESSAGE }, headers: { 'retry-after': '60' } };
}

/** Maps every error to a JSON body with an Arabic message; bad input never becomes a 500. */
export function toErrorResponse(err: unknown): {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
} {
  if (err instanceof AppError) {
    return { status: err.statusCode, body: { message: err.message, ...err.extra }, headers: err.headers };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fieldErrors: Record<string, string> = {};
    for (const v of err.validation) {
      const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fieldErrors[key] ??= v.message ?? INVALID_INPUT;
    }
    return {
      status: 422,
      body: { message: INVALID_INPUT, errors: [...new Set(Object.values(fieldErrors))], fieldErrors },
    };
  }
  if (err instanceof ZodError) {
    const fieldErrors = fieldErrorsFromIssues(err.issues);
    return {
      status: 422,
      body: { message: INVALID_INPUT, errors: [...new Set(Object.values(fieldErrors))], fieldErrors },
    };
  }
  const pgErr = pgErrorOf(err);
  if (pgErr) {
    switch (pgErr.code) {
      case '23505':
        return { status: 409, body: { message: 'القيمة مستخدمة من قبل في سجل آخر' } };
      case '23503':
        return { status: 409, body: { message: 'لا يمكن تنفيذ العملية لارتباط السجل بسجلات أخرى' } };
      case '22P02':
      case '22007':
      case '22008':
      case '22003':
      case '22001':
      case '22021':
      case '22P05': // NUL or another escape PostgreSQL cannot store in text or JSON
      case '54000':
        return { status: 400, body: { message: INVALID_INPUT } };
      case '53100':
        return storageFull();
      case '40001':
      case '40P01':
        return { status: 409, body: { message: 'تعارض مع عملية أخرى، حاول مرة أخرى' } };
    }
  }
  if (isDiskFull(err)) return storageFull();
  const fe = err as FastifyError;
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const messages: Record<number, string> = {
      400: 'صيغة الطلب غير صحيحة',
      404: 'المسار غير موجود',
      405: 'الطريقة غير مسموحة',
      413: 'حجم الطلب أكبر من المسموح',
      415: 'نوع المحتوى غير مدعوم',
      429: 'طلبات كثيرة، حاول لاحقاً',
    };
    return { status: fe.statusCode, body: { message: messages[fe.statusCode] ?? INVALID_INPUT } };
  }
  return { status: 500, body: { message: 'حدث خطأ' } };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const { status, body, headers } = toErrorResponse(err);
    // A full disk is the operator's to fix; its driver error would carry the refused row's values.
    if (status === 507) request.log.error({ message: (err as Error).message }, 'storage full: write refused');
    else if (status >= 500) request.log.error({ err }, 'unhandled error');
    else request.log.info({ status, message: body.message }, 'request refused');
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });
}

/**
 * Errors Fastify raises before any route or hook runs (an id past the router's parameter length,
 * a malformed URL): the same Arabic JSON as every other refusal. Passed as `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const messages: Record<string, [number, string]> = {
    FST_ERR_MAX_PARAM_LENGTH: [414, 'المعرّف في المسار أطول من المسموح'],
    FST_ERR_BAD_URL: [400, 'عنوان الطلب غير صحيح'],
  };
  const [status, message] = messages[err.code] ?? [400, 'صيغة الطلب غير صحيحة'];
  return reply.status(status).send({ message });
}

/**
 * Malformed HTTP that never becomes a request (headers too large, a timeout, bad framing): Node's
 * socket gets an Arabic JSON answer instead of Fastify's English one. Passed as `clientErrorHandler`.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'ترويسات الطلب أكبر من المسموح']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'انتهت مهلة الطلب']
        : [400, 'Bad Request', 'صيغة الطلب غير صحيحة'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
