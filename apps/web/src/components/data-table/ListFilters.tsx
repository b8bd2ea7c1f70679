import { Button, Collapse, Group, MultiSelect } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconX } from '@tabler/icons-react';
import { Children, Fragment, isValidElement, type ReactNode, useId, useRef, useState } from 'react';
import classes from './DataTable.module.css';
import { activeFilterCount } from './list-params';
import { toolbarField } from './toolbar-field';
import type { ListState } from './use-list-state';

/** Lists with at least this many filters fold them behind «تصفية» on a narrow screen. */
const FOLD_FROM = 2;
/**
 * Wider than this the filters lie open (Mantine's `md`): below it the sidebar, or the phone,
 * leaves the list under 740 px, where nine filters wrap into a screen of inputs.
 */
const WIDE = '(min-width: 62em)';

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

/** How many filter controls `filters` draws: fragments and arrays opened, nothing drawn not counted. */
function filterControlCount(filters: ReactNode): number {
  return Children.toArray(filters).reduce<number>(
    (n, child) =>
      n +
      (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment
        ? filterControlCount(child.props.children)
        : 1),
    0,
  );
}

/**
 * A list's search and filters. On a wide screen, or with fewer than `FOLD_FROM` filters, side by
 * side as they fit. Narrower, the search stays and the filters fold behind one «تصفية» button that
 * says how many are in effect («تصفية (2)»), so a phone shows the list first and no filter in
 * effect is out of sight unsaid; the open panel offers «مسح الفلاتر» while any is set.
 */
export function ListToolbar({
  state,
  search,
  filters,
}: {
  state: ListState;
  search?: ReactNode;
  filters?: ReactNode;
}) {
  // Read at once (not after a first render that assumed a wide screen and built every filter).
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const folds = !wide && filterControlCount(filters) >= FOLD_FROM;
  if (!folds) {
    return (
      <Group gap="sm" wrap="wrap" align="flex-end">
        {search}
        {filters}
      </Group>
    );
  }
  return <FoldedFilters state={state} search={search} filters={filters} />;
}

function FoldedFilters({
  state,
  search,
  filters,
}: {
  state: ListState;
  search?: ReactNode;
  filters: ReactNode;
}) {
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, panel] = useDisclosure(false);
  // Folded filters are built the first time they unfold, not on every visit from a phone.
  const [unfolded, setUnfolded] = useState(false);
  if (open && !unfolded) setUnfolded(true);
  const active = activeFilterCount(state.filters);
  const clear = () => {
    state.setFilters(Object.fromEntries(Object.keys(state.filters).map((key) => [key, null])));
    // The clear button goes with the last filter: focus stays on the panel's own button.
    toggle.current?.focus();
  };
  return (
    <div>
      <div className={classes.searchRow}>
        {search}
        <Button
          ref={toggle}
          flex="none"
          variant={active ? 'light' : 'default'}
          leftSection={<IconFilter size={18} aria-hidden />}
          onClick={panel.toggle}
          aria-expanded={open}
          aria-controls={id}
          data-testid="filters-toggle"
        >
          {active ? `تصفية (${active})` : 'تصفية'}
        </Button>
      </div>
      {/* Mounted on the first unfold: a folded Collapse still updates itself after mounting. */}
      {unfolded ? (
        <Collapse expanded={open} id={id}>
          <Group gap="sm" wrap="wrap" align="flex-end" pt="sm">
            {filters}
          </Group>
          {active > 0 && (
            <Button
              variant="subtle"
              size="xs"
              mt="xs"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={clear}
            >
              مسح الفلاتر
            </Button>
          )}
        </Collapse>
      ) : (
        <div id={id} hidden />
      )}
    </div>
  );
}
