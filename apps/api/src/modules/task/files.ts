import { attachmentFieldTypes, attachmentLimits } from '@idara/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { taskFiles } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { lockForWork, pinVersion, type Viewer, viewTask } from './service';

/** The file's real type, read from its first bytes (the browser's claim is not trusted). */
export function sniffType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP')
    return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** Largest upload any field accepts; the multipart limit, so a bigger body is cut off early. */
export const MAX_UPLOAD_BYTES = attachmentLimits.file.maxBytes;

/**
 * Stores one photo, file or signature for a field of the task's form. The whole write — file row
 * and activity row — is one transaction: a refused or failed upload leaves nothing behind.
 */
export async function storeTaskFile(
  tx: Tx,
  actor: ActorContext,
  user: Viewer,
  taskId: string,
  fieldKey: string,
  file: { name: string; bytes: Uint8Array },
) {
  const locked = await lockForWork(tx, user, taskId);
  const { fields } = await pinVersion(tx, locked);
  const field = fields.find((f) => f.key === fieldKey);
  if (!field || !attachmentFieldTypes.includes(field.type))
    throw fieldError('field', 'هذا الحقل لا يقبل مرفقات');
  const limits = attachmentLimits[field.type as 'file' | 'signature'];
  const type = sniffType(file.bytes);
  if (!type || !(limits.types as readonly string[]).includes(type)) {
    const allowed = limits.types.map((t) => typeNames[t]).join(' أو ');
    throw fieldError(`answers.${fieldKey}`, `نوع الملف غير مقبول؛ المسموح ${allowed}`);
  }
  if (file.bytes.length === 0) throw fieldError(`answers.${fieldKey}`, 'الملف فارغ');
  if (file.bytes.length > limits.maxBytes)
    throw fieldError(
      `answers.${fieldKey}`,
      `حجم الملف أكبر من ${Math.round(limits.maxBytes / 1024)} كيلوبايت`,
    );
  const name = (file.name || (field.type === 'signature' ? 'signature.png' : 'file')).slice(0, 200);
  const [row] = await tx
    .insert(taskFiles)
    .values({
      task: taskId,
      field: fieldKey,
      name,
      type,
      size: file.bytes.length,
      data: file.bytes,
      uploadedBy: actor.actorId,
    })
    .returning({ _id: taskFiles._id });
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'task',
    entityId: taskId,
    summary: `إرفاق ${field.type === 'signature' ? 'توقيع' : `«${name}»`} في «${field.label}» للمهمة رقم ${locked.number}`,
  });
  return { _id: row._id, field: fieldKey, name, size: file.bytes.length, type };
}

/** A stored attachment, for whoever may see its task. */
export async function readTaskFile(db: DbOrTx, user: Viewer, taskId: string, fileId: string) {
  await viewTask(db, user, taskId);
  const [file] = await db
    .select({ name: taskFiles.name, type: taskFiles.type, data: taskFiles.data })
    .from(taskFiles)
    .where(and(eq(taskFiles._id, fileId), eq(taskFiles.task, taskId)));
  if (!file) throw notFound('المرفق');
  return file;
}
