import { riyadhDayOf } from '@idara/domain';
import { Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarOff, IconNotes, IconTool, IconUser } from '@tabler/icons-react';
import { type CSSProperties, memo, startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { RecordNumber } from '../../components/data-table/cells';
import { InfoAlert } from '../../components/feedback';
import { EmptyState } from '../../components/page/EmptyState';
import { PageSkeleton } from '../../components/page/PageSkeleton';
import { authStore, useAuth } from '../../lib/auth';
import classes from '../task/Task.module.css';
import { CardGrid } from '../task/task-ui';
import { visitStatusColors } from '../visit/visit-status';
import { ReachButtons, RefusalNotice, SyncBadge, VisitStatusBadge, VisitWhen } from './FieldVisitParts';
import { visitWorkPath } from './field-api';
import { fieldDb, type StoredVisit } from './offline/field-db';
import { useFieldSync, useLive, useSyncState } from './offline/sync';
import { addressLine, dayHeading } from './visit-text';

/** A phone's screen holds about two cards: three are drawn first, the day's others right after. */
const FIRST_CARDS = 3;

const readDay = () => fieldDb().visits.orderBy('scheduledAt').toArray();

/**
 * The day read from the device's store as this module loads (with the tasks page's code,
 * app/routes.ts), while the router and the page render: the section's first render draws the
 * cards when it is back, instead of a skeleton and a second read. Taken once, by the first section
 * mounted for the same user.
 */
const firstUser = authStore.get().user?._id;
let firstDay: StoredVisit[] | undefined;
let firstRead: Promise<StoredVisit[] | undefined> | null = readDay().then(
  (day) => (firstDay = day),
  () => undefined,
);

/**
 * The technician's visits of today and tomorrow, in time order, from the device's store: they open
 * with no network, and each step taken offline shows at once (features/field/offline).
 * `quietWhenEmpty`: for the office (who see every visit on the board), nothing when none is theirs.
 */
export default function MyVisitsSection({ quietWhenEmpty = false }: { quietWhenEmpty?: boolean }) {
  const user = useAuth().user;
  useFieldSync(user?._id);
  const mine = user?._id === firstUser;
  const [first, setFirst] = useState(() => (mine ? firstDay : undefined));
  useEffect(() => {
    const read = firstRead;
    firstRead = null;
    firstDay = undefined;
    if (read && mine && !first) void read.then(setFirst);
  }, [mine, first]);
  const visits = useLive('visits', readDay) ?? first;
  // The first cards in the first pass, the rest in an interruptible one right after it.
  const [allDrawn, setAllDrawn] = useState(false);
  const drawn = allDrawn ? visits : visits?.slice(0, FIRST_CARDS);
  const complete = visits !== undefined && drawn?.length === visits.length;
  useEffect(() => {
    if (visits && !complete) startTransition(() => setAllDrawn(true));
  }, [visits, complete]);
  // The visit's page is the next thing a technician opens: its code is fetched once the day is drawn.
  const hasVisits = complete && visits.length > 0;
  useEffect(() => {
    if (hasVisits) void import('./VisitWorkPage');
  }, [hasVisits]);

  const days = new Map<string, StoredVisit[]>();
  for (const v of drawn ?? []) {
    const day = riyadhDayOf(v.scheduledAt);
    days.set(day, [...(days.get(day) ?? []), v]);
  }

  if (quietWhenEmpty && visits?.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="my-visits" component="section" aria-labelledby="my-visits-title">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id="my-visits-title">
          زياراتي
        </Title>
        <SyncBadge />
      </Group>
      {visits === undefined ? (
        <PageSkeleton sections={1} />
      ) : visits.length === 0 ? (
        <NoVisits />
      ) : (
        [...days].map(([day, list]) => (
          <Stack key={day} gap="xs">
            <Text fw={700} size="sm" c="dimmed">
              {dayHeading(day) ?? ''} <bdi>{day.replaceAll('-', '/')}</bdi>
            </Text>
            <CardGrid label={`زيارات ${dayHeading(day) ?? day}`}>
              {list.map((v) => (
                <li key={v._id} style={{ minWidth: 0 }}>
                  <VisitCard visit={v} />
                </li>
              ))}
            </CardGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}

/** None on the device: none assigned, or never fetched here. */
function NoVisits() {
  return useSyncState().fetchedAt ? (
    <EmptyState
      boxed
      testId="my-visits-empty"
      icon={<IconCalendarOff size={26} />}
      title="لا زيارات اليوم وغداً"
      text="تظهر هنا زياراتك حين يسندها إليك المكتب، وتبقى على جهازك لتعمل دون اتصال."
    />
  ) : (
    <InfoAlert title="لم تُحمَّل زياراتك على هذا الجهاز بعد">
      افتح هذه الصفحة مرة واحدة والجهاز متصل بالشبكة، فتبقى زياراتك عليه لتعمل دون اتصال.
    </InfoAlert>
  );
}

/** Drawn again only when its visit changes in the store (a step taken, a fresh working set). */
const VisitCard = memo(function VisitCard({ visit }: { visit: StoredVisit }) {
  const address = addressLine(visit, visit.customer);
  return (
    <Paper
      className={classes.card}
      data-testid="visit-card"
      data-status={visit.status}
      style={
        { '--task-accent': `var(--mantine-color-${visitStatusColors[visit.status]}-filled)` } as CSSProperties
      }
    >
      <Stack gap={8}>
        <RefusalNotice visit={visit} />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <RecordNumber value={visit.number} size="sm" c="dimmed" />
          <VisitStatusBadge visit={visit} />
        </Group>
        <UnstyledButton
          component={Link}
          to={visitWorkPath(visit._id)}
          aria-label={`الزيارة رقم ${visit.number}: ${visit.customer.name}`}
        >
          <Text fw={700} className={classes.title} c="var(--mantine-primary-color-filled)">
            <IconUser size={16} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
            <bdi>{visit.customer.name}</bdi>
          </Text>
        </UnstyledButton>
        <VisitWhen visit={visit} />
        {address && (
          <Text size="sm" className={classes.title}>
            {address}
          </Text>
        )}
        {(visit.equipment.length > 0 || visit.lastVisit?.notes) && (
          <div className={classes.meta}>
            {visit.equipment.length > 0 && (
              <span>
                <IconTool size={14} aria-hidden />
                <bdi>{visit.equipment.map((e) => e.name).join('، ')}</bdi>
              </span>
            )}
            {visit.lastVisit?.notes && (
              <span>
                <IconNotes size={14} aria-hidden />
                الزيارة السابقة: <bdi>{visit.lastVisit.notes}</bdi>
              </span>
            )}
          </div>
        )}
        <ReachButtons visit={visit} />
      </Stack>
    </Paper>
  );
});
