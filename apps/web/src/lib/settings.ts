import { type Settings, settingsDefaults } from '@idara/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export type { Settings };

/** Spec §7: ask for the settings fields only (no version, dates or id). */
export const settingsFields = Object.keys(settingsDefaults) as (keyof Settings)[];

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: async (): Promise<Settings> => {
    try {
      const data = await api('/api/settings', {
        query: { fields: settingsFields.join(',') },
        stopAlert: true,
      });
      return { ...settingsDefaults, ...data };
    } catch (error) {
      // Settings fetch failure: only logged (spec §8).
      console.error('settings fetch failed', error);
      throw error;
    }
  },
  staleTime: 0,
});

/**
 * The settings as the last page entry loaded them (use-protected-entry.ts asks on every protected
 * page). A component mounting after that answer reads it instead of asking again: home asked twice.
 */
export function useSettings() {
  return useQuery({ ...settingsQuery, refetchOnMount: false });
}
