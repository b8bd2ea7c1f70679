import {
  attachmentFieldTypes,
  attachmentLimits,
  entityNouns,
  type FormField,
  fileOut,
  idSchema,
  noContent,
  type Permission,
} from '@idara/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { compiledStatement } from '../../db/fast-query';
import { forms, formVersions, visitFiles, visits } from '../../db/schema';
import type { CrudKit, RoutesApp } from '../../http/crud';
import { AppError, badRequest, notFound } from '../../http/errors';
import { guardedAny } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import { sniffType } from '../task/files';
import { currentChecklist } from './answers';
import { runDeviceAction } from './device-actions';
import { visitLabel } from './label';

/**
 * Photos and the signature from the phone, resumable: the tus 1.0 core protocol with its creation
 * extension (https://tus.io/protocols/resumable-upload) — `POST /uploads` (Upload-Length,
 * Upload-Metadata: field, filename, filetype, clientActionId), `HEAD /uploads/:uploadId` (how much
 * the server has), `PATCH /uploads/:uploadId` (application/offset+octet-stream from Upload-Offset).
 * Written here rather than with @tus/server: the bytes live in the database beside the visit (no
 * second store to back up), each chunk is one transaction, and the routes keep the API's guard.
 */
const TUS_VERSION = '1.0.0';
const OFFSET_STREAM = 'application/offset+octet-stream';
const MAX_BYTES = Math.max(attachmentLimits.file.maxBytes, attachmentLimits.signature.maxBytes);
const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** The office, and a technician on their own visits. */
const WORKERS: Permission[] = ['visit:update', 'visit:work'];
const uploadParams = z.object({ id: idSchema, uploadId: idSchema });
const fileParams = z.object({ id: idSchema, fileId: idSchema });

/** `Upload-Metadata`: comma-separated `key base64value` pairs. */
function readMetadata(header: unknown) {
  const meta: Record<string, string> = {};
  for (const pair of String(header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) meta[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return meta;
}

const tusHeaders = (reply: FastifyReply) =>
  reply.header('Tus-Resumable', TUS_VERSION).header('Cache-Control', 'no-store');

function assertTus(req: FastifyRequest) {
  if (req.headers['tus-resumable'] !== TUS_VERSION)
    throw new AppError(
      412,
      'أرسل الملف بطريقة الرفع القابل للاستئناف «Tus-Resumable: 1.0.0»',
      {},
      {
        'Tus-Version': TUS_VERSION,
      },
    );
}

/** The attachment field of the visit's checklist the upload answers, and its limits. */
/** The checklist's current fields, joined wherever a query needs them (the upload's own, below). */
const checklistFields = () =>
  sql<FormField[] | null>`(select ${formVersions.fields} from ${forms} join ${formVersions}
    on ${formVersions.form} = ${forms._id} and ${formVersions.version} = ${forms.version}
    where ${forms._id} = ${visits.form})`.mapWith((v) => v as FormField[] | null);

/** The checklist's photo or signature field `key`, with its limits; 422 for any other field. */
function attachmentFieldIn(fields: readonly FormField[] | null | undefined, key: string) {
  const field = fields?.find((f) => f.key === key);
  if (!field || !attachmentFieldTypes.includes(field.type))
    throw new AppError(422, 'هذا الحقل لا يقبل صوراً أو ملفات', {
      fieldErrors: { field: 'اختر حقل صورة أو توقيع' },
    });
  return { field, limits: attachmentLimits[field.type as 'file' | 'signature'] };
}

async function attachmentField(tx: Tx, formId: unknown, key: string) {
  return attachmentFieldIn((await currentChecklist(tx, formId))?.fields, key);
}

const tooBig = (maxBytes: number) =>
  new AppError(413, `حجم الملف أكبر من ${Math.round(maxBytes / 1024)} كيلوبايت`);

const wholeFile = {
  _id: visitFiles._id,
  visit: visitFiles.visit,
  field: visitFiles.field,
  name: visitFiles.name,
  type: visitFiles.type,
  size: visitFiles.length,
  createdAt: visitFiles.createdAt,
};
const wholeFiles = compiledStatement(wholeFile, (db) =>
  db
    .select(wholeFile)
    .from(visitFiles)
    .where(
      and(
        sql`${visitFiles.visit} = any(${sql.placeholder('visits')}::uuid[])`,
        isNotNull(visitFiles.completedAt),
      ),
    )
    .orderBy(visitFiles.createdAt),
);

/** Each visit's completed files, as the working set lists them. */
export async function filesOf(db: DbOrTx, visitIds: string[]) {
  const rows = visitIds.length ? await wholeFiles(db, { visits: visitIds }) : [];
  const byVisit = new Map<string, (Omit<(typeof rows)[number], 'visit'> & { url: string })[]>();
  for (const { visit, ...file } of rows)
    byVisit.set(visit, [
      ...(byVisit.get(visit) ?? []),
      { ...file, url: `/api/visit/${visit}/files/${file._id}` },
    ]);
  return byVisit;
}

export function registerVisitUploads(app: RoutesApp, kit: CrudKit) {
  /** The upload, on a visit the caller may work (404 otherwise, as every visit route). */
  async function uploadOf(
    tx: DbOrTx,
    user: { _id: string; permissions: readonly string[] },
    params: z.output<typeof uploadParams>,
    lock = false,
  ) {
    const visit = await kit.load(tx, params.id);
    kit.assertMay(user, 'visit:update', visit);
    const q = tx
      .select({
        _id: visitFiles._id,
        field: visitFiles.field,
        name: visitFiles.name,
        length: visitFiles.length,
        received: visitFiles.received,
        completedAt: visitFiles.completedAt,
        // The checklist's fields with the row: a chunk checks its field's limits without a query more.
        checklist: checklistFields(),
      })
      .from(visitFiles)
      .innerJoin(visits, eq(visits._id, visitFiles.visit))
      .where(and(eq(visitFiles._id, params.uploadId), eq(visitFiles.visit, params.id)));
    const [upload] = lock ? await q.for('update', { of: visitFiles }) : await q;
    if (!upload) throw notFound('الملف المرفوع');
    return { visit, upload };
  }

  // Its own scope: the tus chunk type is parsed here only.
  app.register(async (scope) => {
    const tus = scope as unknown as RoutesApp;
    tus.addContentTypeParser(OFFSET_STREAM, { parseAs: 'buffer', bodyLimit: MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );

    tus.post(
      '/:id/uploads',
      guardedAny(WORKERS, { tags: ['visit'], params: idParams, response: { 201: noContent } }),
      async (req, reply) => {
        assertTus(req);
        const length = Number(req.headers['upload-length']);
        if (!Number.isInteger(length) || length < 0) throw badRequest('أرسل حجم الملف في «Upload-Length»');
        const meta = readMetadata(req.headers['upload-metadata']);
        if (!idSchema.safeParse(meta.clientActionId).success)
          throw badRequest('أرسل معرّف الإجراء «clientActionId» في «Upload-Metadata»');
        const user = req.user!;
        const now = new Date();
        const answer = await runDeviceAction(
          app.db,
          kit,
          user,
          {
            clientActionId: meta.clientActionId,
            visit: req.params.id,
            kind: 'upload',
            actor: user._id,
            at: now,
            receivedAt: now,
          },
          async (tx, visit, action) => {
            const { field, limits } = await attachmentField(tx, visit.form, meta.field ?? '');
            if (length === 0) throw new AppError(422, 'الملف فارغ');
            if (length > limits.maxBytes) throw tooBig(limits.maxBytes);
            const name = (meta.filename || (field.type === 'signature' ? 'signature.png' : 'photo')).slice(
              0,
              200,
            );
            const [file] = await tx
              .insert(visitFiles)
              .values({
                visit: String(visit._id),
                action: action._id,
                field: field.key,
                name,
                length,
                data: new Uint8Array(),
                uploadedBy: user._id,
              })
              .returning({ _id: visitFiles._id });
            return { statusCode: 201, body: { location: `/api/visit/${visit._id}/uploads/${file._id}` } };
          },
        );
        if (answer.statusCode !== 201)
          return reply.status(answer.statusCode as 201).send(answer.body as never);
        return tusHeaders(reply).header('Location', String(answer.body.location)).status(201).send();
      },
    );

    tus.head(
      '/:id/uploads/:uploadId',
      guardedAny(WORKERS, { tags: ['visit'], params: uploadParams }),
      async (req, reply) => {
        assertTus(req);
        const { upload } = await uploadOf(app.db, req.user!, req.params);
        return tusHeaders(reply)
          .header('Upload-Offset', String(upload.received))
          .header('Upload-Length', String(upload.length))
          .status(200)
          .send();
      },
    );

    tus.patch(
      '/:id/uploads/:uploadId',
      guardedAny(WORKERS, { tags: ['visit'], params: uploadParams, response: { 204: noContent } }),
      async (req, reply) => {
        assertTus(req);
        if (req.headers['content-type'] !== OFFSET_STREAM)
          throw new AppError(415, `أرسل أجزاء الملف بنوع «${OFFSET_STREAM}»`);
        const offset = Number(req.headers['upload-offset']);
        const chunk = req.body as Buffer;
        const received = await app.db.transaction(async (tx) => {
          const { visit, upload } = await uploadOf(tx, req.user!, req.params, true);
          if (!Number.isInteger(offset) || offset !== upload.received)
            throw new AppError(
              409,
              `لدى الخادم ${upload.received} بايت من الملف؛ أكمل من هناك`,
              {},
              {
                'Upload-Offset': String(upload.received),
              },
            );
          if (offset + chunk.length > upload.length) throw tooBig(upload.length);
          const { field, limits } = attachmentFieldIn(upload.checklist, upload.field);
          let firstType: string | undefined;
          if (offset === 0) {
            // Refused from its first bytes: a wrong file is not taken in whole first.
            firstType = sniffType(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)) ?? undefined;
            if (!firstType || !(limits.types as readonly string[]).includes(firstType))
              throw new AppError(
                415,
                `نوع الملف غير مقبول؛ المسموح ${limits.types.map((t) => typeNames[t]).join(' أو ')}`,
              );
          }
          const whole = offset + chunk.length === upload.length;
          // Sent whole in one chunk (a phone's photo, as tus-js-client sends it): completed in this
          // same statement, its type known from the chunk.
          const completes = whole && firstType !== undefined;
          const [row] = await tx
            .update(visitFiles)
            .set({
              data: sql`${visitFiles.data} || ${new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)}::bytea`,
              received: offset + chunk.length,
              ...(completes ? { type: firstType, completedAt: new Date() } : {}),
            })
            .where(eq(visitFiles._id, upload._id))
            // Its first bytes only, what the type is told by: not the whole file back on every chunk.
            .returning({
              head: sql`substring(${visitFiles.data} from 1 for 16)`.mapWith(visitFiles.data),
              received: visitFiles.received,
            });
          if (whole) {
            if (!completes)
              await tx
                .update(visitFiles)
                .set({ type: sniffType(row.head) as string, completedAt: new Date() })
                .where(eq(visitFiles._id, upload._id));
            await recordActivity(tx, actorOf(req), {
              action: 'update',
              entity: 'visit',
              entityId: String(visit._id),
              summary: `إرفاق ${field.type === 'signature' ? 'توقيع العميل' : `«${upload.name}»`} في «${field.label}» لـ${entityNouns.visit.noun} «${visitLabel(visit)}»`,
            });
          }
          return row.received;
        });
        return tusHeaders(reply).header('Upload-Offset', String(received)).status(204).send();
      },
    );
  });

  app.get(
    '/:id/files/:fileId',
    guardedAny(['visit:details', 'visit:work'], {
      tags: ['visit'],
      params: fileParams,
      response: { 200: fileOut('the photo, file or signature') },
    }),
    async (req, reply) => {
      const visit = await kit.load(app.db, req.params.id);
      kit.assertMay(req.user!, 'visit:details', visit);
      const [file] = await app.db
        .select({ name: visitFiles.name, type: visitFiles.type, data: visitFiles.data })
        .from(visitFiles)
        .where(
          and(
            eq(visitFiles._id, req.params.fileId),
            eq(visitFiles.visit, req.params.id),
            isNotNull(visitFiles.completedAt),
          ),
        );
      if (!file) throw notFound('الملف');
      return reply
        .header('content-type', file.type)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(Buffer.from(file.data));
    },
  );
}
