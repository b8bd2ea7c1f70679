import { type Answers, attachmentFieldTypes, isOpenVisit, type VisitStatus } from '@idara/domain';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconCircle, IconDeviceFloppy, IconMapPinOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ask } from '../../components/confirm/confirm-store';
import { RecordNumber } from '../../components/data-table/cells';
import { EmptyState, PageSkeleton } from '../../components/page';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { shrinkPhoto } from '../form/renderer/attachments';
import { type AttachmentInfo, FormRenderer } from '../form/renderer/FormRenderer';
import classes from '../task/Task.module.css';
import { MY_TASKS_BASE as MY_VISITS_BASE } from '../task/task-api';
import { ReachButtons, RefusalNotice, SyncBadge, VisitStatusBadge, VisitWhen } from './FieldVisitParts';
import type { DeviceLocation } from './field-api';
import { fieldDb, type StoredVisit } from './offline/field-db';
import { queueAnswers, queueStatus } from './offline/outbox';
import { syncNow, useFieldSync, useLive, useSyncState } from './offline/sync';
import { queueUpload } from './offline/uploads';
import { addressLine } from './visit-text';

/** The technician's steps on a visit, in order, as the phone names them. */
const STEPS: { status: VisitStatus; label: string }[] = [
  { status: 'on_the_way', label: 'في الطريق' },
  { status: 'arrived', label: 'وصلت' },
  { status: 'started', label: 'بدأت' },
  { status: 'done', label: 'تمّت' },
];

/** A phone photo goes as a JPEG of at most 1600 px a side (about 300–600 KB) unless already small. */
const PHOTO_SIDE = 1600;
const PHOTO_BYTES = 700 * 1024;

/** The device's position for a step, when the technician allows it; never holds the step long. */
function currentPosition(): Promise<DeviceLocation | undefined> {
  if (!('geolocation' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: Math.round(p.coords.accuracy) }),
      () => resolve(undefined),
      { enableHighAccuracy: false, timeout: 8000, maximumAge: 120_000 },
    ),
  );
}

/** `/tasks/visit/:id`: one visit on the phone, from the device's store; works with no network. */
export default function VisitWorkPage() {
  const { id = '' } = useParams();
  const user = useAuth().user;
  useFieldSync(user?._id);
  const sync = useSyncState();
  const found = useLive(id, async () => ({ visit: await fieldDb().visits.get(id) }));

  if (!found) return <PageSkeleton sections={2} />;
  if (!found.visit)
    return (
      <Stack gap="sm">
        <EmptyState
          boxed
          testId="visit-missing"
          icon={<IconMapPinOff size={26} />}
          title="هذه الزيارة ليست على جهازك"
          text="يحمل الجهاز زياراتك لليوم والغد. ارجع إلى مهامي لتحديثها."
        />
        <Button component={Link} to={MY_VISITS_BASE} variant="light" style={{ alignSelf: 'center' }}>
          مهامي
        </Button>
      </Stack>
    );
  return <VisitWork visit={found.visit} syncBadge={<SyncBadge state={sync} />} />;
}

function VisitWork({ visit, syncBadge }: { visit: StoredVisit; syncBadge: React.ReactNode }) {
  const address = addressLine(visit, visit.customer);
  return (
    <Stack gap="md" data-testid="visit-work">
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={MY_VISITS_BASE} size="sm">
          <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> مهامي
        </Anchor>
        {syncBadge}
      </Group>
      <RefusalNotice visit={visit} />
      <Paper withBorder p="md" radius="lg">
        <Stack gap={8}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <RecordNumber value={visit.number} size="sm" c="dimmed" />
            <VisitStatusBadge visit={visit} />
          </Group>
          <Title order={2} size="h4" className={classes.title}>
            <bdi>{visit.customer.name}</bdi>
          </Title>
          <VisitWhen visit={visit} />
          {address && <Text size="sm">{address}</Text>}
          <ReachButtons visit={visit} />
          {visit.equipment.length > 0 && (
            <div>
              <Text size="sm" fw={600}>
                المعدات
              </Text>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {visit.equipment.map((e) => (
                  <li key={e._id}>
                    <Text size="sm" span>
                      <bdi>{[e.name, e.model].filter(Boolean).join(' · ')}</bdi>
                      {e.serialNumber ? (
                        <>
                          {' — '}
                          <bdi dir="ltr">{e.serialNumber}</bdi>
                        </>
                      ) : null}
                      {e.notes ? ` — ${e.notes}` : ''}
                    </Text>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {visit.lastVisit?.notes && (
            <Text size="sm" className={classes.returnedNote}>
              <b>ملاحظات الزيارة السابقة:</b> {visit.lastVisit.notes}
            </Text>
          )}
          {visit.notes && (
            <Text size="sm" className={classes.returnedNote}>
              <b>ملاحظات المكتب:</b> {visit.notes}
            </Text>
          )}
        </Stack>
      </Paper>
      <StatusSteps visit={visit} />
      {visit.form ? (
        <Checklist visit={visit} />
      ) : (
        <Text size="sm" c="dimmed" ta="center">
          لا قائمة فحص لهذه الزيارة؛ سجّل خطواتها أعلاه.
        </Text>
      )}
    </Stack>
  );
}

function StatusSteps({ visit }: { visit: StoredVisit }) {
  const [busy, setBusy] = useState(false);
  const reached = STEPS.findIndex((s) => s.status === visit.status);
  const next = isOpenVisit(visit.status) ? STEPS[reached + 1] : undefined;

  const take = async (status: VisitStatus) => {
    if (
      status === 'done' &&
      !(await ask({
        header: 'إنهاء الزيارة',
        message: 'هل انتهى العمل في هذه الزيارة؟ لا يمكن التراجع عن ذلك من الجهاز.',
        acceptLabel: 'تمّت الزيارة',
      }))
    )
      return;
    setBusy(true);
    try {
      await queueStatus(fieldDb(), visit._id, status, await currentPosition());
      void syncNow();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-label="خطوات الزيارة">
      <Stack gap="sm">
        <Group
          component="ol"
          gap="md"
          wrap="wrap"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="visit-steps"
        >
          {STEPS.map((s, i) => (
            <Group
              key={s.status}
              component="li"
              gap={4}
              wrap="nowrap"
              aria-current={i === reached ? 'step' : undefined}
            >
              {i <= reached ? (
                <IconCheck size={16} color="var(--mantine-color-teal-filled)" aria-label="تمّت" />
              ) : (
                <IconCircle size={14} color="var(--mantine-color-dimmed)" aria-hidden />
              )}
              <Text span size="sm" fw={i === reached ? 700 : 400} c={i <= reached ? undefined : 'dimmed'}>
                {s.label}
              </Text>
            </Group>
          ))}
        </Group>
        {next && (
          <Button
            size="md"
            fullWidth
            loading={busy}
            onClick={() => void take(next.status)}
            data-testid="next-step"
          >
            {next.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Checklist({ visit }: { visit: StoredVisit }) {
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
