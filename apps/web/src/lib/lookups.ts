import {
  type EntityLookup,
  holdsAny,
  lookupPermissions,
  type PlaceCity,
  type PlaceRegion,
  type Places,
  type PricedLookups,
  type PricedOption,
  type UserPick,
} from '@idara/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';

/**
 * Reference data for the screens that show or filter by it (`GET /api/lookup/…`, docs/API.md):
 * names of regions and cities; services and contract types with prices. Asked for only when the
 * user holds one of the permissions the server accepts for it, so no screen meets a refusal.
 *
 * What every lookup's rows have: an id and a name.
 */
type Named = Pick<PlaceRegion | PlaceCity | PricedOption | UserPick, '_id' | 'name'>;
export interface Lookup<T extends Named> {
  rows: T[];
  byId: Map<string, T>;
  options: { value: string; label: string }[];
}

/** Query-key root of every lookup; saving a region, city, service or contract type refreshes them. */
export const LOOKUP_KEY = '/api/lookup';
export const LOOKUP_SOURCES = ['/api/government', '/api/city', '/api/service', '/api/contract'];

const toLookup = <T extends Named>(rows: T[]): Lookup<T> => ({
  rows,
  byId: new Map(rows.map((r) => [r._id, r])),
  options: rows.map((r) => ({ value: r._id, label: r.name })),
});

function useHoldsAny(permissions: readonly string[]) {
  return holdsAny(useAuth().user?.permissions, permissions);
}

const users = (signal: AbortSignal, active?: 'true') =>
  api('/api/lookup/users', { query: { limit: 0, sort: 'name', active }, signal, stopAlert: true });

/** The lookup routes a screen reads whole, each typed by its route (`lib/api-routes.ts`). */
const sources = {
  places: (signal: AbortSignal) => api('/api/lookup/places', { signal, stopAlert: true }),
  services: (signal: AbortSignal) => api('/api/lookup/services', { signal, stopAlert: true }),
  // Every employee's name (a team may name one who has left); and those a team may take now.
  users: (signal: AbortSignal) => users(signal),
  activeUsers: (signal: AbortSignal) => users(signal, 'true'),
};
type Sources = { [K in keyof typeof sources]: Awaited<ReturnType<(typeof sources)[K]>> };
const fetchers: { [K in keyof Sources]: (signal: AbortSignal) => Promise<Sources[K]> } = sources;
/** Who may read each source: the readers of its lookup route. */
const readers: Record<keyof Sources, EntityLookup> = {
  places: 'places',
  services: 'services',
  users: 'users',
  activeUsers: 'users',
};

/** One lookup route (`/api/lookup/<kind>`), cached once and read through `select`. */
function useLookupRoute<K extends keyof Sources, T>(
  kind: K,
  select: (data: Sources[K]) => T,
  enabled: boolean,
) {
  const allowed = useHoldsAny(lookupPermissions[readers[kind]]);
  return useQuery({
    queryKey: [LOOKUP_KEY, kind],
    queryFn: ({ signal }) => fetchers[kind](signal),
    staleTime: 60_000,
    enabled: enabled && allowed,
    select,
  });
}

const selectGovernments = (p: Places) => toLookup(p.governments);
const selectCities = (p: Places) => toLookup(p.cities);
const selectServices = (s: PricedLookups) => toLookup(s.services);
const selectContracts = (s: PricedLookups) => toLookup(s.contracts);
const selectUsers = (u: Sources['users']) => toLookup(u.data);

export const useGovernmentLookup = (enabled = true) => useLookupRoute('places', selectGovernments, enabled);
export const useCityLookup = (enabled = true) => useLookupRoute('places', selectCities, enabled);
export const useServiceLookup = (enabled = true) => useLookupRoute('services', selectServices, enabled);
export const useContractLookup = (enabled = true) => useLookupRoute('services', selectContracts, enabled);
export const useUserLookup = (enabled = true) => useLookupRoute('users', selectUsers, enabled);
export const useActiveUserLookup = (enabled = true) => useLookupRoute('activeUsers', selectUsers, enabled);
