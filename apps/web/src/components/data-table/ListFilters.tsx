import { Button, Collapse, Group, MultiSelect } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { toolbarField } from './toolbar-field';
import type { ListState } from './use-list-state';

/**
 * Several statuses at once (`status=a,b` in the URL and the API). Values the options do not know
 * (an old bookmark) are left out.
 */
export function StatusFilter({
  state,
  options,
  width = 230,
}: {
  state: ListState;
  options: { value: string; label: string }[];
  width?: number;
}) {
  const known = new Set(options.map((o) => o.value));
  const value = (state.filters.status ?? '').split(',').filter((s) => known.has(s));
  return (
    <MultiSelect
      aria-label="الحالة"
      placeholder={value.length ? undefined : 'كل الحالات'}
      data={options}
      value={value}
      onChange={(v) => state.setFilter('status', v.join(','))}
      clearable
      clearButtonProps={{ 'aria-label': 'مسح الحالة' }}
      {...toolbarField(width)}
      radius="xl"
    />
  );
}

/**
 * Filters beyond the first ones: inline on wide screens; behind a "فلاتر إضافية (n)" button on
 * narrow ones, open from the start when one of them is set.
 */
export function MoreFilters({ id, active, children }: { id: string; active: number; children: ReactNode }) {
  // Read at once (not after a first render that assumed a wide screen and built every filter).
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [open, more] = useDisclosure(active > 0);
  // Folded filters are built the first time they unfold, not on every visit from a phone.
  const [unfolded, setUnfolded] = useState(open);
  if (open && !unfolded) setUnfolded(true);
  if (wide) return <>{children}</>;
  return (
    <>
      <Button
        variant={active ? 'light' : 'default'}
        leftSection={<IconAdjustmentsHorizontal size={18} />}
        onClick={more.toggle}
        aria-expanded={open}
        aria-controls={id}
      >
        {active ? `فلاتر إضافية (${active})` : 'فلاتر إضافية'}
      </Button>
      {/* Mounted on the first unfold: a folded Collapse still updates itself after mounting. */}
      {unfolded ? (
        <Collapse expanded={open} w="100%" id={id}>
          <Group gap="sm" wrap="wrap" align="flex-end">
            {children}
          </Group>
        </Collapse>
      ) : (
        <div id={id} hidden />
      )}
    </>
  );
}
