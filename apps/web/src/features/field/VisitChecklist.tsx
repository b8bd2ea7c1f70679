import { type Answers, attachmentFieldTypes, isOpenVisit } from '@idara/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { apiFetch } from '../../lib/api';
import { shrinkPhoto } from '../form/renderer/attachments';
import { type AttachmentInfo, FormRenderer } from '../form/renderer/FormRenderer';
import classes from '../task/Task.module.css';
import { fieldDb, type StoredVisit } from './offline/field-db';
import { queueAnswers } from './offline/outbox';
import { syncNow, useLive } from './offline/sync';
import { queueUpload } from './offline/uploads';

/** A phone photo goes as a JPEG of at most 1600 px a side (about 300–600 KB) unless already small. */
const PHOTO_SIDE = 1600;
const PHOTO_BYTES = 700 * 1024;

/** The visit's checklist on the phone: answers, photos and the signature, kept on the device until sent. */
export default function Checklist({ visit }: { visit: StoredVisit }) {
  const db = fieldDb();
  // Photos and the signature are the checklist's own fields: the server files each upload under one.
  const fields = visit.form?.fields ?? [];
  const uploads = useLive(visit._id, () => db.uploads.where('visitId').equals(visit._id).sortBy('createdAt'));

  // The photos and signatures: the server's files, then those taken here (the latest per field wins).
  const attachments = useMemo<AttachmentInfo[]>(
    () => [
      ...visit.files.map((f) => ({ _id: f._id, field: f.field, name: f.name, size: f.size, type: f.type })),
      ...(uploads ?? []).map((u) => ({
        _id: u.clientActionId,
        field: u.field,
        name: u.name,
        size: u.blob.size,
        type: u.type,
      })),
    ],
    [visit.files, uploads],
  );
  const stored = useMemo<Answers>(() => {
    const out: Answers = { ...visit.answers };
    for (const a of attachments) out[a.field] = a._id;
    return out;
  }, [visit.answers, attachments]);

  const [edits, setEdits] = useState<Answers>({});
  const [saved, setSaved] = useState(false);
  const answers = { ...stored, ...edits };
  const attachmentKeys = new Set(
    fields.filter((f) => attachmentFieldTypes.includes(f.type)).map((f) => f.key),
  );
  const changed = Object.keys(edits).filter((k) => !attachmentKeys.has(k));

  const upload = async (fieldKey: string, file: File): Promise<AttachmentInfo> => {
    // A photo is made small here, before it waits on the device; a signature stays the PNG drawn.
    const isPhoto = fields.find((f) => f.key === fieldKey)?.type === 'file' && file.type.startsWith('image/');
    const photo = isPhoto ? await shrinkPhoto(file, PHOTO_BYTES, PHOTO_SIDE) : file;
    const pending = await queueUpload(
      db,
      visit._id,
      fieldKey,
      photo,
      photo instanceof File ? photo.name : file.name,
    );
    void syncNow();
    return {
      _id: pending.clientActionId,
      field: fieldKey,
      name: pending.name,
      size: photo.size,
      type: pending.type,
    };
  };

  const loadFile = async (fileId: string): Promise<Blob> => {
    const local = await db.uploads.get(fileId);
    if (local) return local.blob;
    const remote = visit.files.find((f) => f._id === fileId);
    if (!remote?.url) throw new Error('الملف غير متاح دون اتصال');
    return (await apiFetch(remote.url, { stopAlert: true })).blob();
  };

  const save = async () => {
    const body: Answers = {};
    for (const k of changed) body[k] = answers[k] ?? null;
    await queueAnswers(db, visit._id, body);
    setEdits({});
    setSaved(true);
    void syncNow();
  };

  const open = isOpenVisit(visit.status);
  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="checklist-title">
      <Stack gap="md">
        <Title order={3} size="h5" id="checklist-title">
          {visit.form?.title}
        </Title>
        <FormRenderer
          fields={fields}
          value={answers}
          readOnly={!open}
          onChange={
            open
              ? (next) => {
                  setSaved(false);
                  setEdits(Object.fromEntries(Object.entries(next).filter(([k, v]) => stored[k] !== v)));
                }
              : undefined
          }
          upload={upload}
          attachments={attachments}
          loadFile={loadFile}
        />
        {open && (
          <Group justify="space-between" className={classes.stickyActions}>
            <Text size="sm" c="dimmed" aria-live="polite">
              {saved ? 'حُفظت الإجابات على الجهاز، وتُرسل عند الاتصال' : changed.length ? 'إجابات لم تُحفظ' : ''}
            </Text>
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              disabled={changed.length === 0}
              onClick={() => void save()}
              data-testid="save-answers"
            >
              حفظ الإجابات
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
