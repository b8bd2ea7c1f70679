import { useMemo } from 'react';
import {
  type Condition,
  holds,
  permissionOf,
  type Resource,
  recordTitle,
  type Screens,
} from '../../app/resource';
import { can, useAuth } from '../../lib/auth';
import {
  type DataTableColumn,
  FilterSelect,
  ListDateRangeFilter,
  ListPage,
  LookupFilter,
  rowActionsColumn,
  useRecordList,
} from '../data-table';
import { lookupsOf, showValue } from './display';
import { useNamedLookups } from './lookups';
import { refs } from './refs';
import { ScreensGate } from './ScreensGate';

/** The filtered record's name from the rows shown (the filter may come from the URL), so it is not asked for. */
function refNameFromRows(rows: Row[] | undefined, field: string, id: string | undefined) {
  if (!id) return undefined;
  return rows?.find((r) => r[field] === id)?.[`${field}Name`] as string | undefined;
}

type Row = { _id: string; name: string } & Record<string, unknown>;

/** A resource's list: its columns and filters, search, export, add, and edit/delete per row by permission. */
export default function ResourceListPage({ resource }: { resource: Resource }) {
  return (
    <ScreensGate resource={resource}>
      {({ list, details }) => (
        <RecordList resource={resource} list={list} editableWhen={details?.editableWhen} />
      )}
    </ScreensGate>
  );
}

function RecordList({
  resource,
  list,
  editableWhen,
}: {
  resource: Resource;
  list: Screens['list'];
  editableWhen?: Condition;
}) {
  const { base } = resource;
  const { navigate, state, query, remove, canEdit, canDelete, canView } = useRecordList<Row>(
    resource.api,
    resource.area,
    { sort: list.sort ?? (resource.numbered ? '-number' : 'name') },
  );
  const { user } = useAuth();
  const lookups = useNamedLookups([
    ...lookupsOf(list.columns.map((c) => c.display)),
    ...(list.filters ?? []).flatMap((f) => ('lookup' in f ? [f.lookup] : [])),
  ]);

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      ...list.columns.map(
        (c, i): DataTableColumn<Row> => ({
          accessorKey: c.key,
          header: c.header,
          ...(c.sortable === false && { enableSorting: false }),
          // The first column is the record's name: it names itself in a card's heading.
          meta: {
            nowrap: c.nowrap,
            priority: c.priority,
            selfLabelled: i === 0,
            minWidth: i === 0 ? 160 : undefined,
          },
          ...(c.display && {
            cell: (cell) =>
              showValue(cell.getValue(), c.display, { lookups, user, row: cell.row.original, key: c.key }),
          }),
        }),
      ),
      rowActionsColumn<Row>({
        onEdit: canEdit ? (r) => navigate(`${base}/edit/${r._id}`) : undefined,
        onDelete: canDelete ? (r) => remove({ ...r, name: recordTitle(resource, r) }) : undefined,
        editable: (r) => holds(editableWhen, r),
      }),
    ],
    [list.columns, base, lookups, user, canEdit, canDelete, navigate, remove, resource, editableWhen],
  );

  // Without a details page a row opens the edit page.
  const rowOpens = resource.hasDetails ? (canView ? 'details' : null) : canEdit ? 'edit' : null;
  const filters = (list.filters ?? []).map((f) => {
    if ('options' in f) return <FilterSelect key={f.filter} state={state} data={f.options} {...f} />;
    if ('days' in f || 'instants' in f) {
      const range = { state, field: f.filter, label: f.label, days: 'days' in f };
      return <ListDateRangeFilter key={f.filter} {...range} />;
    }
    if ('ref' in f) {
      const { Picker, readPermission } = refs[f.ref];
      if (!can(user, [readPermission])) return null;
      return (
        <Picker
          key={f.filter}
          aria-label={f.label}
          placeholder={f.placeholder}
          value={state.filters[f.filter] ?? null}
          onChange={(v) => state.setFilter(f.filter, v)}
          initialLabel={refNameFromRows(query.data?.data, f.filter, state.filters[f.filter])}
          w={{ base: '100%', xs: f.width }}
          radius="xl"
        />
      );
    }
    const data = lookups[f.lookup]?.data;
    return data && <LookupFilter key={f.filter} state={state} data={data.options} {...f} />;
  });

  return (
    <ListPage<Row>
      resourcePath={resource.api}
      state={state}
      query={query}
      columns={columns}
      createTo={`${base}/new`}
      createLabel={list.createLabel}
      createPermission={permissionOf(resource, 'create')}
      deletePermission={permissionOf(resource, 'delete')}
      exportTitle={list.exportTitle}
      searchPlaceholder={list.searchPlaceholder}
      rowLabel={(r) => recordTitle(resource, r)}
      onRowClick={
        rowOpens
          ? (r) => navigate(rowOpens === 'details' ? `${base}/${r._id}` : `${base}/edit/${r._id}`)
          : undefined
      }
      filters={filters.length > 0 ? filters : undefined}
    />
  );
}
