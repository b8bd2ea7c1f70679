import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * The one file a multipart request carries, read whole: 400 `notMultipart` when the request is not
 * multipart, 400 when it has no file, and `tooLarge()` when the file passes the route's size limit.
 */
export async function readUploadedFile(req: FastifyRequest, notMultipart: string, tooLarge: () => Error) {
  if (!req.isMultipart()) throw badRequest(notMultipart);
  const file = await req.file();
  if (!file) throw badRequest('لم يُرسل أي ملف');
  try {
    return { name: file.filename, bytes: await file.toBuffer() };
  } catch {
    throw tooLarge();
  }
}
