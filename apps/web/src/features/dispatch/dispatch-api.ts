import type { VisitStatus } from '@idara/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { safeStorage } from '../../lib/safe-storage';
import { onSocketReconnect, useSocketEvent } from '../../lib/socket';
import { BOARD_FIELDS, type BoardVisit, type LaneUser } from './board-model';
import type { BoardRange } from './board-range';

/** Query-key root of the board's visits: a move, a live change or a reconnect reads them again. */
export const BOARD_KEY = 'dispatch-board';

/** Cancelled visits book nobody and are not on the board; done and missed ones stay, to be seen. */
const BOARD_STATUSES: VisitStatus[] = ['planned', 'on_the_way', 'arrived', 'started', 'done', 'missed'];

/** `GET /api/visit` allows this many rows: a busy week of one office. */
export const BOARD_LIMIT = 2000;

export interface BoardFilters {
  city?: string;
  region?: string;
  /** The customer's district, as typed on the customer (compared as the search compares). */
  district?: string;
  search?: string;
}

/** The range's visits (`GET /api/visit`, earliest first), with the board's filters. */
export function useBoardVisits(range: BoardRange, filters: BoardFilters) {
  return useQuery({
    queryKey: [BOARD_KEY, range.from, range.to, filters],
    queryFn: ({ signal }) =>
      api('/api/visit', {
        query: {
          fields: BOARD_FIELDS,
          limit: BOARD_LIMIT,
          sort: 'scheduledAt',
          scheduledAtFrom: range.from,
          scheduledAtTo: range.to,
          status: BOARD_STATUSES,
          city: filters.city,
          region: filters.region,
          district: filters.district,
          search: filters.search || undefined,
        },
        signal,
        stopAlert: true,
      }),
  });
}

/** Saved visits replace theirs in every cached range at once, before the range is read again. */
export function useBoardCache() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: [BOARD_KEY] }), [queryClient]);
  const put = useCallback(
    (saved: Pick<BoardVisit, '_id' | 'assignees' | 'scheduledAt' | 'status' | 'updatedAt'>) => {
      queryClient.setQueriesData<{ data: BoardVisit[] }>({ queryKey: [BOARD_KEY] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((v) =>
                v._id === saved._id
                  ? {
                      ...v,
                      assignees: saved.assignees,
                      scheduledAt: saved.scheduledAt,
                      status: saved.status,
                      updatedAt: saved.updatedAt,
                    }
                  : v,
              ),
            }
          : old,
      );
    },
    [queryClient],
  );
  return { refresh, put };
}

/**
 * Another dispatcher's move, a technician's step, a contract's re-planning: the server says that
 * visits changed (socket event `records`, area `visit`) and the board reads its range again; after
 * a reconnect it reads it too, as events may have been missed meanwhile.
 */
export function useLiveBoard(refresh: () => unknown) {
  useSocketEvent('records', (event) => {
    if (event.area === 'visit') void refresh();
  });
  useEffect(() => onSocketReconnect(() => void refresh()), [refresh]);
}

/**
 * Every user's name, for the lanes (`GET /api/lookup/users`, which visit readers may ask): a lane
 * names a deactivated technician who still has visits too.
 */
export function useLaneUsers() {
  return useQuery({
    queryKey: ['/api/lookup/users', 'all'],
    queryFn: ({ signal }) =>
      api('/api/lookup/users', { query: { limit: 0, sort: 'name' }, signal, stopAlert: true }),
    staleTime: 60_000,
    select: (answer) =>
      new Map<string, LaneUser>(answer.data.map((u) => [u._id, { name: u.name, jobTitle: u.jobTitle }])),
  });
}

/** The technicians a dispatcher can put a visit on: active users only. */
export function useActiveTechnicians(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/lookup/users', 'active'],
    queryFn: ({ signal }) =>
      api('/api/lookup/users', {
        query: { limit: 0, sort: 'name', active: 'true' },
        signal,
        stopAlert: true,
      }),
    staleTime: 60_000,
    enabled,
    select: (answer) => answer.data.map((u) => ({ value: u._id, label: u.name })),
  });
}

const LANES_KEY = 'idara:dispatch-lanes';

function readPicked(): string[] {
  try {
    const stored = JSON.parse(safeStorage.get(LANES_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The lanes this dispatcher added (kept on this device), shown even on a day none of them works. */
export function usePickedLanes() {
  const [picked, setPicked] = useState(readPicked);
  const save = useCallback((next: string[]) => {
    setPicked(next);
    safeStorage.set(LANES_KEY, JSON.stringify(next));
  }, []);
  const add = useCallback((id: string) => save([...new Set([...readPicked(), id])]), [save]);
  const remove = useCallback((id: string) => save(readPicked().filter((p) => p !== id)), [save]);
  return { picked, add, remove };
}
