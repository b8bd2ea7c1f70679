import {
  holdsAny,
  lookupPermissions,
  type PlaceCity,
  type PlaceRegion,
  type Places,
  type PricedLookups,
  type PricedOption,
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
type Named = Pick<PlaceRegion | PlaceCity | PricedOption, '_id' | 'name'>;
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

/** The lookup routes a screen reads whole, each typed by its route (`lib/api-routes.ts`). */
const sources = {
  places: (signal: AbortSignal) => api('/api/lookup/places', { signal, stopAlert: true }),
  services: (signal: AbortSignal) => api('/api/lookup/services', { signal, stopAlert: true }),
};
type Sources = { [K in keyof typeof sources]: Awaited<ReturnType<(typeof sources)[K]>> };
const fetchers: { [K in keyof Sources]: (signal: AbortSignal) => Promise<Sources[K]> } = sources;

/** One lookup route (`/api/lookup/<kind>`), cached once and read through `select`. */
function useLookupRoute<K extends keyof Sources, T>(
  kind: K,
  select: (data: Sources[K]) => T,
  enabled: boolean,
) {
  const allowed = useHoldsAny(lookupPermissions[kind]);
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

export const useGovernmentLookup = (enabled = true) => useLookupRoute('places', selectGovernments, enabled);
export const useCityLookup = (enabled = true) => useLookupRoute('places', selectCities, enabled);
export const useServiceLookup = (enabled = true) => useLookupRoute('services', selectServices, enabled);
export const useContractLookup = (enabled = true) => useLookupRoute('services', selectContracts, enabled);
