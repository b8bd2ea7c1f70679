import type { Permission } from '@idara/domain';
import { useQuery } from '@tanstack/react-query';
import type { ChoiceName } from '../../app/resource';
import { api } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useActiveUserLookup, useUserLookup } from '../../lib/lookups';

type Option = { value: string; label: string };

/** A choice list as a field or a value reads it: what may be chosen now, and every name it may show. */
export interface Choices {
  options: Option[];
  names: Map<string, string>;
  isPending: boolean;
}

interface ChoiceSource {
  /** The form field whose value scopes the list (a customer's equipment); none: one list for all. */
  scope?: string;
  /** Said while the scope is not chosen yet. */
  waitsFor?: string;
  /** Who may read the list; the field is left out for others (the server still checks). */
  permission?: Permission;
  /** The list, for the scope's value; `enabled` false asks nothing. */
  use: (scope: string | null, enabled: boolean) => Choices;
}

const namesOf = (options: Option[]) => new Map(options.map((o) => [o.value, o.label]));

/** Active employees may join a team; one who has left stays named on the teams they were on. */
function useTeam(_scope: string | null, enabled: boolean): Choices {
  const active = useActiveUserLookup(enabled);
  const all = useUserLookup(enabled);
  return {
    options: active.data?.options ?? [],
    names: namesOf(all.data?.options ?? active.data?.options ?? []),
    isPending: active.isPending,
  };
}

/** The customer's own equipment, named with its serial number (`GET /api/equipment?customer=`). */
function useCustomerEquipment(customer: string | null, enabled: boolean): Choices {
  const allowed = useCan('equipment:read');
  const query = useQuery({
    queryKey: ['/api/equipment', 'choices', customer],
    queryFn: ({ signal }) =>
      api('/api/equipment', {
        query: { customer: customer ?? '', fields: '_id,name,serialNumber', limit: 0, sort: 'name' },
        signal,
        stopAlert: true,
      }),
    enabled: enabled && allowed && Boolean(customer),
    staleTime: 30_000,
  });
  const options = (query.data?.data ?? []).map((e) => ({
    value: e._id ?? '',
    label: e.serialNumber ? `${e.name} — ${e.serialNumber}` : (e.name ?? ''),
  }));
  return { options, names: namesOf(options), isPending: Boolean(customer) && query.isPending };
}

export const choices: Record<ChoiceName, ChoiceSource> = {
  users: { use: useTeam },
  equipment: {
    scope: 'customer',
    waitsFor: 'اختر العميل أولاً',
    permission: 'equipment:read',
    use: useCustomerEquipment,
  },
};
