import { isOpenVisit, type VisitStatus } from '@idara/domain';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconCircle, IconFileTypePdf, IconMapPinOff } from '@tabler/icons-react';
import { Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ask } from '../../components/confirm/confirm-store';
import { RecordNumber } from '../../components/data-table/cells';
import { downloadFile } from '../../components/export/export-store';
import { EmptyState, PageSkeleton } from '../../components/page';
import { useAuth } from '../../lib/auth';
import { preloadable } from '../../lib/preloadable';
import classes from '../task/Task.module.css';
import { MY_TASKS_BASE as MY_VISITS_BASE } from '../task/task-api';
import { ReachButtons, RefusalNotice, SyncBadge, VisitStatusBadge, VisitWhen } from './FieldVisitParts';
import { type DeviceLocation, VISIT_PATH } from './field-api';
import { fieldDb, type StoredVisit } from './offline/field-db';
import { queueStatus } from './offline/outbox';
import { syncNow, useFieldSync, useLive, useSyncState } from './offline/sync';
import { addressLine } from './visit-text';

/** The technician's steps on a visit, in order, as the phone names them. */
const STEPS: { status: VisitStatus; label: string }[] = [
  { status: 'on_the_way', label: 'في الطريق' },
  { status: 'arrived', label: 'وصلت' },
  { status: 'started', label: 'بدأت' },
  { status: 'done', label: 'تمّت' },
];

const VisitChecklist = preloadable(() => import('./VisitChecklist'));

/** A fix older than this is not where the technician is now. */
const FIX_MAX_AGE_MS = 120_000;
/** How long a step waits for the first fix when the page has none yet. */
const FIRST_FIX_WAIT_MS = 1500;

/**
 * The device's position for the visit's steps, when the technician allows it. Watched while an
 * open visit's page is shown, so a step takes the latest fix at once: asking at the tap held the
 * step until the phone found itself, seconds on a rooftop. Only a step taken before any fix waits,
 * briefly, for the first one.
 */
function useDevicePosition(active: boolean): () => Promise<DeviceLocation | undefined> {
  // One object for the page's life: the latest fix, whether the phone may give one, who waits.
  const [fixes] = useState(() => ({
    latest: null as { at: number; location: DeviceLocation } | null,
    unavailable: false,
    waiting: [] as ((location?: DeviceLocation) => void)[],
  }));
  useEffect(() => {
    if (!active || !('geolocation' in navigator)) return;
    const settle = (location?: DeviceLocation) => {
      for (const resolve of fixes.waiting.splice(0)) resolve(location);
    };
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        const location = {
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracy: Math.round(p.coords.accuracy),
        };
        fixes.latest = { at: Date.now(), location };
        settle(location);
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) fixes.unavailable = true;
        settle(undefined);
      },
      { enableHighAccuracy: false, maximumAge: FIX_MAX_AGE_MS },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [active, fixes]);
  return useCallback(() => {
    const fix = fixes.latest;
    if (fix && Date.now() - fix.at < FIX_MAX_AGE_MS) return Promise.resolve(fix.location);
    if (!active || fixes.unavailable || !('geolocation' in navigator)) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      fixes.waiting.push(resolve);
      setTimeout(() => resolve(undefined), FIRST_FIX_WAIT_MS);
    });
  }, [active, fixes]);
}

/** `/tasks/visit/:id`: one visit on the phone, from the device's store; works with no network. */
export default function VisitWorkPage() {
  const { id = '' } = useParams();
  const user = useAuth().user;
  useFieldSync(user?._id);
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
  return <VisitWork visit={found.visit} syncBadge={<SyncBadge />} />;
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
      {visit.status === 'done' && <ReportButton visit={visit} />}
      {visit.form ? (
        <DeferredChecklist visit={visit} />
      ) : (
        <Text size="sm" c="dimmed" ta="center">
          لا قائمة فحص لهذه الزيارة؛ سجّل خطواتها أعلاه.
        </Text>
      )}
    </Stack>
  );
}

/** A done visit's report, to show the customer on the spot (made by the server: online only). */
function ReportButton({ visit }: { visit: StoredVisit }) {
  const { online } = useSyncState();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      await downloadFile(`${VISIT_PATH}/${visit._id}/report.pdf`, 'application/pdf', 'تقرير-الزيارة.pdf');
    } catch {
      // The API client said why in a toast.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        loading={busy}
        disabled={!online}
        onClick={() => void open()}
        data-testid="visit-report"
      >
        تقرير الزيارة
      </Button>
      {!online && (
        <Text size="xs" c="dimmed" ta="center">
          يُفتح التقرير حين يعود الاتصال.
        </Text>
      )}
    </Stack>
  );
}

function StatusSteps({ visit }: { visit: StoredVisit }) {
  const [busy, setBusy] = useState(false);
  const reached = STEPS.findIndex((s) => s.status === visit.status);
  const next = isOpenVisit(visit.status) ? STEPS[reached + 1] : undefined;
  const position = useDevicePosition(next !== undefined);

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
      await queueStatus(fieldDb(), visit._id, status, await position());
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

/**
 * The checklist (its form renderer and inputs) comes in a file of its own, drawn right after the
 * visit's steps: a technician's first tap here is «في الطريق», which needs none of it.
 */
function DeferredChecklist({ visit }: { visit: StoredVisit }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    void VisitChecklist.load().catch(() => {});
    startTransition(() => setShown(true));
  }, []);
  const placeholder = <Skeleton height={180} radius="lg" />;
  if (!shown) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <VisitChecklist visit={visit} />
    </Suspense>
  );
}
