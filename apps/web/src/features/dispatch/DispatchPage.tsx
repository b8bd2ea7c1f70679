import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCalendarOff } from '@tabler/icons-react';
import { lazy, useCallback, useMemo, useState } from 'react';
import { useListState } from '../../components/data-table';
import { RetryButton } from '../../components/feedback';
import { LazyDialog } from '../../components/LazyDialog';
import { EmptyState } from '../../components/page';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../lib/auth';
import { useNow } from '../../lib/use-now';
import { BoardDnd } from './BoardDnd';
import { BoardToolbar } from './BoardToolbar';
import {
  type BoardVisit,
  boardCounters,
  buildLanes,
  dayAxis,
  UNASSIGNED_LABEL,
  UNASSIGNED_LANE,
  withPending,
} from './board-model';
import { boardRange, readBoardDay, readBoardView, stepBoardDay } from './board-range';
import { DayBoard } from './DayBoard';
import {
  BOARD_LIMIT,
  useBoardCache,
  useBoardVisits,
  useLaneUsers,
  useLiveBoard,
  usePickedLanes,
} from './dispatch-api';
import { useVisitMoves } from './use-visit-moves';
import { WeekAgenda, WeekBoard } from './WeekBoard';

const MoveVisitDialog = lazy(() => import('./MoveVisitDialog'));

const NO_USERS = new Map();

/**
 * The technicians' lanes shown since this range (with these filters) opened: a lane stays while
 * the dispatcher works on it, so one whose last visit was dragged away is still there to drop it
 * back.
 */
function useShownLanes(rangeKey: string, visits: readonly BoardVisit[]): ReadonlySet<string> {
  const [shown, setShown] = useState({ key: rangeKey, ids: new Set<string>() });
  const current = shown.key === rangeKey ? shown.ids : new Set<string>();
  const fresh = visits.flatMap((v) => v.assignees).filter((id) => !current.has(id));
  if (shown.key !== rangeKey || fresh.length > 0) {
    const ids = new Set([...current, ...fresh]);
    setShown({ key: rangeKey, ids });
    return ids;
  }
  return current;
}

/** The board while its visits load: a few lanes' worth of grey bars. */
function BoardSkeleton() {
  return (
    <Paper withBorder p="md" role="status" aria-label="جارٍ تحميل الزيارات…">
      <Stack gap="sm">
        <Skeleton h={24} w="40%" radius="sm" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={52} radius="md" />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * لوحة التوزيع: the day's or week's visits in a lane per technician (and one for visits nobody is
 * on), moved and assigned by dragging them — with the mouse or the keyboard — or through a card's
 * dialog; what another dispatcher moves shows at once.
 */
export default function DispatchPage() {
  const state = useListState();
  const view = readBoardView(state.filters.view);
  const day = readBoardDay(state.filters.day);
  const range = useMemo(() => boardRange(view, day), [view, day]);
  const filters = {
    city: state.filters.city,
    region: state.filters.region,
    district: state.filters.district,
    search: state.search,
  };
  const query = useBoardVisits(range, filters);
  const users = useLaneUsers();
  const lanesPicked = usePickedLanes();
  const now = useNow();
  const canMove = useCan('visit:update');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  const userNames = users.data ?? NO_USERS;
  const nameOf = useCallback(
    (id: string) =>
      id === UNASSIGNED_LANE ? UNASSIGNED_LABEL : (userNames.get(id)?.name ?? 'موظف غير معروف'),
    [userNames],
  );
  const moves = useVisitMoves(nameOf);
  const cache = useBoardCache();
  useLiveBoard(cache.refresh);

  const visits = useMemo(
    () => withPending(query.data?.data ?? [], moves.pending),
    [query.data, moves.pending],
  );
  const shownLanes = useShownLanes(`${range.from}|${JSON.stringify(filters)}`, visits);
  const lanes = buildLanes(visits, userNames, lanesPicked.picked, shownLanes);
  const axis = dayAxis(visits);
  const [opened, setOpened] = useState<BoardVisit | null>(null);
  const [dialogVisit, setDialogVisit] = useState<BoardVisit | null>(null);
  const open = useCallback((visit: BoardVisit) => {
    setDialogVisit(visit);
    setOpened(visit);
  }, []);
  const cards = { now, canMove, draggable: canMove && wide, onOpen: open };

  const board = (() => {
    if (query.isPending) return <BoardSkeleton />;
    if (query.isError)
      return (
        <Alert color="red" radius="lg" icon={<IconAlertCircle size={20} />} title="تعذر تحميل الزيارات">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(query.error)}</Text>
            <RetryButton onRetry={() => void query.refetch()} />
          </Stack>
        </Alert>
      );
    if (visits.length === 0) {
      const filtered = Boolean(filters.city || filters.region || filters.district || filters.search);
      return (
        <EmptyState
          boxed
          icon={<IconCalendarOff size={28} />}
          title={view === 'day' ? 'لا زيارات في هذا اليوم' : 'لا زيارات في هذا الأسبوع'}
          text={
            filtered
              ? 'لا زيارة تطابق البحث أو المنطقة أو المدينة أو الحي المختار في هذه الفترة.'
              : 'الزيارات التي تُحجز أو تخططها عقود العملاء لهذه الفترة تظهر هنا.'
          }
        />
      );
    }
    const shown = { lanes, visits, cards, onRemoveLane: lanesPicked.remove };
    if (view === 'week' && !wide) return <WeekAgenda days={range.days} {...shown} />;
    return (
      <BoardDnd
        view={view}
        day={day}
        hours={axis.hours}
        visits={visits}
        laneName={nameOf}
        now={now}
        onMove={(job) => void moves.move(job)}
        prefetch={moves.prefetch}
      >
        {view === 'day' ? (
          <DayBoard day={day} axis={axis} {...shown} />
        ) : (
          <WeekBoard days={range.days} {...shown} />
        )}
      </BoardDnd>
    );
  })();

  return (
    <Stack gap="md" data-testid="dispatch-board">
      <BoardToolbar
        state={state}
        view={view}
        days={range.days}
        counters={query.data ? boardCounters(visits, now) : null}
        total={query.data ? visits.length : null}
        onStep={(step) => state.setFilter('day', stepBoardDay(view, day, step))}
        onToday={() => state.setFilter('day', null)}
        onView={(next) => state.setFilter('view', next === 'day' ? null : next)}
        onAddLane={lanesPicked.add}
      />
      {query.data && query.data.total > BOARD_LIMIT && (
        <Alert color="orange" radius="lg">
          في هذه الفترة أكثر من {BOARD_LIMIT} زيارة، وتعرض اللوحة أولها: ضيّق البحث أو اختر مدينة.
        </Alert>
      )}
      {board}
      {dialogVisit && (
        <LazyDialog opened={opened !== null}>
          <MoveVisitDialog
            key={dialogVisit._id}
            visit={dialogVisit}
            opened={opened !== null}
            onClose={() => setOpened(null)}
            move={moves.move}
            asking={moves.asking}
            nameOf={nameOf}
          />
        </LazyDialog>
      )}
      {moves.dialogs}
    </Stack>
  );
}
