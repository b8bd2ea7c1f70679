import {
  Box,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconChevronDown,
  IconChevronUp,
  IconDatabaseOff,
  IconEdit,
  IconEye,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowSelectionState,
  type Table as TanStackTable,
  useReactTable,
} from '@tanstack/react-table';
import {
  Fragment,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAfterFirstPaint } from '../../lib/first-page';
import { ErrorAlert, RetryButton } from '../feedback';
import { pagesOf } from '../Pager';
import { SrOnlyInline } from './cells';
import { CARD_PRIORITY, DEFAULT_PRIORITY, type FitColumn } from './column-fit';
import classes from './DataTable.module.css';
import { SelectionBar } from './SelectionBar';
import { useColumnFit } from './use-column-fit';
import { useBulkDelete } from './use-delete';
import type { ListResponse, Row } from './use-list-query';
import { type ListState, PAGE_SIZES } from './use-list-state';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** Fixed width of the column (px or CSS). */
    width?: number | string;
    /** Keep the cell on one line. */
    nowrap?: boolean;
    /**
     * How much the column matters when the list is narrow: 1 = always shown (the row's
     * identifier, its amount, its status); 2 = a card's field, and a table's column while it fits;
     * 3 and up = a table's column while it fits, given up first (a card shows it under «عرض كل
     * البيانات», a table under the row's toggle). The first column is 1 unless it says otherwise,
     * every other column 2.
     */
    priority?: number;
    /** The field's name in a card, a row's details and the sort menu when the header is not it ('#'). */
    label?: string;
    /** The value names itself (a person's name, a form's title): a card's heading shows it without its label. */
    selfLabelled?: boolean;
    /** A row's selection checkbox or its actions: never given up, and in a card's heading. */
    slot?: 'select' | 'actions';
    /**
     * The narrowest a wrapping column gets before less important columns give way (px): its
     * numeric `width`, else 110. A column kept on one line is as wide as its values.
     */
    minWidth?: number;
  }
}

export type DataTableColumn<T> = ColumnDef<T, any>;

export interface DataTableProps<T extends Row> {
  /** TanStack column defs; a column's `id`/`accessorKey` is the API sort field. `enableSorting: false` to opt out. */
  columns: DataTableColumn<T>[];
  /** The result of `useListQuery`. */
  query: UseQueryResult<ListResponse<T>>;
  state: ListState;
  /** Needed for bulk delete (`POST <resourcePath>/bulk-delete`). */
  resourcePath?: string;
  /** Adds the checkbox column and the bulk-delete bar (needs `resourcePath`). */
  selectable?: boolean;
  /** Row click / Enter on a focused row. */
  onRowClick?: (row: T) => void;
  /** Accessible label of a row (for screen readers), e.g. the record name. */
  rowLabel?: (row: T) => string;
  /** Shown in the empty state when nothing is filtered (e.g. an "add" button). */
  emptyAction?: ReactNode;
  /** Rendered above the table (search, filters, buttons). */
  toolbar?: ReactNode;
}

function SortIcon({ dir }: { dir: 'asc' | 'desc' | false }) {
  if (dir === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (dir === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden className={classes.sortIdle} />;
}

/** The one empty selection: clearing an empty selection then changes nothing and renders nothing. */
const noSelection: RowSelectionState = Object.freeze({});

/** A row-selection checkbox: the platform's own, in the theme colour (one per row, built fast). */
function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (event: unknown) => void;
}) {
  return (
    <input
      type="checkbox"
      className={classes.selectBox}
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate && !checked;
      }}
      onChange={onChange}
    />
  );
}

const INTERACTIVE = 'button, a, input, label, select, textarea, [role="checkbox"], [data-no-row-click]';

interface RowHandlers<T> {
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
}

/** Where a column's cell goes in a card: its heading (select, title, actions), its fields, or behind «more». */
type Place = 'select' | 'title' | 'actions' | 'field' | 'extra';

/** How the rows are drawn at the width the list has (see `useColumnFit`). */
interface RowLayout {
  cards: boolean;
  /** Table: the columns given up. */
  hidden: ReadonlySet<string>;
  /** Card: each column's place. */
  places: ReadonlyMap<string, Place>;
  /** Each column's field name (cards, a row's details). */
  labels: ReadonlyMap<string, string>;
  /** Columns whose cell in a card's heading carries no label. */
  selfLabelled: ReadonlySet<string>;
  /** A row has more to show than it draws (given-up columns, a card's extra fields). */
  more: boolean;
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
}

interface TableRowsProps<T extends Row> {
  table: TanStackTable<T>;
  /** The row model's inputs: the rows re-render only when one of these changes. */
  data: T[];
  columns: DataTableColumn<T>[];
  selection: RowSelectionState;
  clickable: boolean;
  handlers: RefObject<RowHandlers<T>>;
  layout: RowLayout;
}

/** The row's toggle for what it does not draw: a round icon in a table, a labelled button in a card. */
function MoreToggle({ open, card, onClick }: { open: boolean; card: boolean; onClick: () => void }) {
  const label = open ? 'إخفاء البيانات الإضافية' : 'عرض كل البيانات';
  const Icon = open ? IconChevronUp : IconChevronDown;
  if (card)
    return (
      <button type="button" className={classes.moreButton} aria-expanded={open} onClick={onClick}>
        <Icon size={16} aria-hidden />
        <span>{open ? 'عرض بيانات أقل' : 'عرض كل البيانات'}</span>
      </button>
    );
  return (
    <button
      type="button"
      className={classes.rowAction}
      aria-label={label}
      data-hint={label}
      aria-expanded={open}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden />
    </button>
  );
}

/**
 * The body rows, memoised on the row model's inputs (the deferred data, the columns, the
 * selection) and the layout: the table's own re-renders — a fetch starting, the selection bar —
 * leave the cells alone. Columns are not deferred: cells may hold controlled inputs bound to the
 * page's state.
 */
const TableRows = memo(function TableRows<T extends Row>({
  table,
  clickable,
  handlers,
  layout,
}: TableRowsProps<T>) {
  const open = (row: T) => handlers.current.onRowClick?.(row);
  const onClick = (e: MouseEvent<HTMLTableRowElement>, row: T) => {
    if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
    open(row);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(row);
    }
  };
  const { cards, hidden, places, labels, selfLabelled, more, expanded, toggle } = layout;
  return table.getRowModel().rows.map((row) => {
    const expandedRow = more && expanded.has(row.id);
    const rowProps = {
      tabIndex: clickable ? 0 : undefined,
      'aria-label': handlers.current.rowLabel?.(row.original),
      className: clickable ? classes.clickable : undefined,
      'data-selected': row.getIsSelected() || undefined,
      onClick: clickable ? (e: MouseEvent<HTMLTableRowElement>) => onClick(e, row.original) : undefined,
      onKeyDown: clickable
        ? (e: KeyboardEvent<HTMLTableRowElement>) => onKeyDown(e, row.original)
        : undefined,
    };
    const toggleCell = more && (
      <Table.Td data-slot="more" role={cards ? 'cell' : undefined}>
        <MoreToggle open={expandedRow} card={cards} onClick={() => toggle(row.id)} />
      </Table.Td>
    );

    if (cards) {
      // A card: its heading (checkbox, identifier, actions), its fields with their labels, the rest on demand.
      return (
        <Table.Tr key={row.id} role="row" data-card {...rowProps}>
          {row.getAllCells().map((cell) => {
            const id = cell.column.id;
            const place = places.get(id) ?? 'field';
            if (place === 'extra' && !expandedRow) return null;
            const labelled =
              place === 'field' || place === 'extra' || (place === 'title' && !selfLabelled.has(id));
            return (
              <Table.Td
                key={cell.id}
                role="cell"
                data-slot={place === 'extra' ? 'field' : place}
                data-label={labelled ? labels.get(id) : undefined}
              >
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Table.Td>
            );
          })}
          {toggleCell}
        </Table.Tr>
      );
    }

    const cells = row.getAllCells();
    const drawn = cells.filter((cell) => !hidden.has(cell.column.id));
    return (
      <Fragment key={row.id}>
        <Table.Tr {...rowProps}>
          {drawn.map((cell) => (
            <Table.Td
              key={cell.id}
              style={{
                width: cell.column.columnDef.meta?.width,
                whiteSpace: cell.column.columnDef.meta?.nowrap ? 'nowrap' : undefined,
              }}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Table.Td>
          ))}
          {toggleCell}
        </Table.Tr>
        {expandedRow && (
          // The given-up columns of this row, each with its name, under it.
          <Table.Tr className={classes.detailsRow} data-details>
            <Table.Td colSpan={drawn.length + 1}>
              <dl className={classes.details}>
                {cells
                  .filter((cell) => hidden.has(cell.column.id))
                  .map((cell) => (
                    <div key={cell.id} className={classes.detailsItem}>
                      <dt>{labels.get(cell.column.id)}</dt>
                      <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                    </div>
                  ))}
              </dl>
            </Table.Td>
          </Table.Tr>
        )}
      </Fragment>
    );
  });
}) as <T extends Row>(props: TableRowsProps<T>) => ReactNode;

/** A column's field name: its `label`, else its header when that is text. */
function labelOf<T>(column: DataTableColumn<T>, id: string): string {
  const header = column.header;
  return column.meta?.label ?? (typeof header === 'string' ? header : id);
}

/**
 * Server-side table: sorting by header click (asc → desc → none), pagination with page size,
 * striped rows keyed by `_id`, skeleton/empty/error states, optional selection with bulk delete,
 * focusable rows (Enter opens). It fits the width it has (`useColumnFit`): the least important
 * columns (`meta.priority`) give way when the cells do not fit, and on a phone each row is a card
 * of labelled fields; what a row does not draw stays one toggle away.
 */
export function DataTable<T extends Row>({
  columns,
  query,
  state,
  resourcePath,
  selectable = false,
  onRowClick,
  rowLabel,
  emptyAction,
  toolbar,
}: DataTableProps<T>) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>(noSelection);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const bulkDelete = useBulkDelete(resourcePath ?? '');
  const queryKey = JSON.stringify(state.query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page/filter/sort clears the selection
  useEffect(() => {
    setRowSelection(noSelection);
    setExpanded(new Set());
  }, [queryKey]);

  // A new page of rows renders in an interruptible background pass (React yields to the browser
  // every few milliseconds) rather than in the one long task a query update would otherwise take;
  // on the first page of a visit, after the toolbar and skeleton rows have painted.
  const deferredData = useDeferredValue(query.data);
  const data = useAfterFirstPaint() ? deferredData : undefined;
  const rows = data?.data ?? [];
  const total = data?.total ?? 0;
  const pageCount = pagesOf(total, state.limit, data?.totalIsCapped);

  // After deleting the last rows of the last page, step back to a page that exists.
  useEffect(() => {
    if (!query.data || query.isPlaceholderData) return;
    const last = pagesOf(query.data.total, state.limit, query.data.totalIsCapped);
    if (state.page > last) state.setPage(last);
  }, [query.data, query.isPlaceholderData, state]);

  const allColumns = useMemo<DataTableColumn<T>[]>(() => {
    if (!selectable) return columns;
    const select: DataTableColumn<T> = {
      id: '__select',
      enableSorting: false,
      meta: { width: 44, slot: 'select' },
      header: ({ table }) => (
        <SelectBox
          label="تحديد الكل"
          checked={table.getIsAllRowsSelected()}
          indeterminate={table.getIsSomeRowsSelected()}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <SelectBox
          label="تحديد الصف"
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable]);

  const table = useReactTable<T>({
    data: rows,
    columns: allColumns,
    getRowId: (row) => row._id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSorting: true,
    enableRowSelection: selectable,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });

  // Each column's priority, place in a card and name, from its definition (TanStack keeps the
  // leaf columns' array while the column defs stay).
  const leafColumns = table.getAllLeafColumns();
  const shape = useMemo(() => {
    const fitColumns: FitColumn[] = [];
    const places = new Map<string, Place>();
    const labels = new Map<string, string>();
    const selfLabelled = new Set<string>();
    const minWidths = new Map<string, number>();
    let titled = false;
    let first = true;
    for (const column of leafColumns) {
      const def = column.columnDef;
      const meta = def.meta ?? {};
      const slot = meta.slot ?? (column.id === '__actions' ? 'actions' : undefined);
      const priority = slot ? 1 : (meta.priority ?? (first ? 1 : DEFAULT_PRIORITY));
      if (!slot) first = false;
      fitColumns.push({ id: column.id, priority, fixed: !!slot });
      labels.set(column.id, labelOf(def, column.id));
      if (meta.selfLabelled) selfLabelled.add(column.id);
      // A wrapping column is not squeezed into a tall narrow strip while other columns still show.
      if (!slot && !meta.nowrap)
        minWidths.set(column.id, meta.minWidth ?? (typeof meta.width === 'number' ? meta.width : 110));
      let place: Place;
      if (slot) place = slot;
      else if (!titled && priority === 1) {
        place = 'title';
        titled = true;
      } else place = priority <= CARD_PRIORITY ? 'field' : 'extra';
      places.set(column.id, place);
    }
    return { fitColumns, places, labels, selfLabelled, minWidths };
  }, [leafColumns]);

  const { fit, boxRef, tableRef } = useColumnFit(shape.fitColumns);
  const cards = fit.cards;
  const hidden = useMemo(() => new Set(fit.hidden), [fit.hidden]);
  const hasExtras = useMemo(() => [...shape.places.values()].includes('extra'), [shape.places]);
  const more = cards ? hasExtras : hidden.size > 0;
  const toggle = useCallback(
    (id: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const layout = useMemo<RowLayout>(
    () => ({ cards, hidden, more, expanded, toggle, ...shape }),
    [cards, hidden, more, expanded, toggle, shape],
  );
  const drawnColumns = cards ? leafColumns : leafColumns.filter((c) => !hidden.has(c.id));

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const sortDir = (field: string): 'asc' | 'desc' | false => {
    const e = state.sorting.find((s) => s.field === field);
    return e ? (e.desc ? 'desc' : 'asc') : false;
  };
  const filtered = state.search !== '' || Object.keys(state.filters).length > 0;
  const colSpan = drawnColumns.length + (more && !cards ? 1 : 0);
  const rowRole = cards ? 'row' : undefined;
  const cellRole = cards ? 'cell' : undefined;

  // The latest handlers, read when a row is clicked, so the memoised rows need not re-render.
  const handlers = useRef({ onRowClick, rowLabel });
  handlers.current = { onRowClick, rowLabel };

  let body: ReactNode;
  if (query.isPending || (!data && query.data)) {
    body = Array.from({ length: Math.min(state.limit || 10, 8) }, (_, i) =>
      cards ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cards
        <Table.Tr key={i} aria-hidden data-card className={classes.skeletonRow}>
          {[55, 80, 65].map((w, j) => (
            <td key={w} className={classes.skeletonCell} data-slot={j === 0 ? 'title' : 'field'}>
              <span className={classes.skeletonBar} style={{ width: `${w - ((i + j) % 3) * 10}%` }} />
            </td>
          ))}
        </Table.Tr>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
        <Table.Tr key={i} aria-hidden className={classes.skeletonRow}>
          {drawnColumns.map((c, j) => (
            <td key={c.id} className={classes.skeletonCell}>
              {shape.places.get(c.id) !== 'actions' && (
                <span className={classes.skeletonBar} style={{ width: `${60 + ((i + j) % 3) * 15}%` }} />
              )}
            </td>
          ))}
          {more && <td className={classes.skeletonCell} />}
        </Table.Tr>
      ),
    );
  } else if (query.isError && !data) {
    body = (
      <Table.Tr role={rowRole}>
        <Table.Td colSpan={colSpan} role={cellRole}>
          <ErrorAlert title="تعذر تحميل البيانات" my="sm">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{query.error?.message || 'حدث خطأ'}</Text>
              <RetryButton iconSize={16} onRetry={() => void query.refetch()} />
            </Group>
          </ErrorAlert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (rows.length === 0) {
    body = (
      <Table.Tr role={rowRole}>
        <Table.Td colSpan={colSpan} role={cellRole}>
          <Stack align="center" gap="xs" py="xl" data-testid="table-empty">
            <ThemeIcon size={48} variant="light" color="gray">
              <IconDatabaseOff size={26} />
            </ThemeIcon>
            <Text fw={500}>{filtered ? 'لا توجد نتائج مطابقة' : 'لا توجد بيانات'}</Text>
            {filtered ? (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconX size={14} />}
                onClick={state.clearFilters}
              >
                مسح البحث والفلاتر
              </Button>
            ) : (
              emptyAction
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = (
      <TableRows
        table={table}
        data={rows}
        columns={allColumns}
        selection={rowSelection}
        clickable={!!onRowClick}
        handlers={handlers}
        layout={layout}
      />
    );
  }

  const from = total === 0 ? 0 : (state.page - 1) * state.limit + 1;
  const to = state.limit > 0 ? Math.min(total, state.page * state.limit) : total;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <Paper withBorder className={classes.root}>
      {toolbar && <Box className={classes.toolbar}>{toolbar}</Box>}
      {selectable && selectedIds.length > 0 && (
        <SelectionBar
          className={classes.bulkBar}
          count={selectedIds.length}
          onClear={() => setRowSelection(noSelection)}
        >
          <Button
            size="xs"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => bulkDelete(selectedIds, () => setRowSelection(noSelection))}
          >
            حذف المحدد ({selectedIds.length})
          </Button>
        </SelectionBar>
      )}
      {cards && rows.length > 0 && (
        <CardsBar
          state={state}
          selectAll={headers
            .filter((h) => shape.places.get(h.column.id) === 'select')
            .map((h) => (
              <Fragment key={h.id}>{flexRender(h.column.columnDef.header, h.getContext())}</Fragment>
            ))}
          sortable={leafColumns
            .filter((c) => c.getCanSort() && !isSlot(shape.places.get(c.id)))
            .map((c) => ({ field: c.id, label: shape.labels.get(c.id) ?? c.id }))}
        />
      )}
      <div ref={boxRef} className={classes.scroll}>
        <Table
          ref={tableRef}
          role={cards ? 'table' : undefined}
          striped={!cards}
          highlightOnHover={!!onRowClick}
          verticalSpacing="sm"
          horizontalSpacing="md"
          className={classes.table}
          data-cards={cards || undefined}
          data-fetching={query.isPlaceholderData || undefined}
          aria-busy={query.isFetching}
        >
          {!cards && (
            <Table.Thead>
              <Table.Tr>
                {headers
                  .filter((header) => !hidden.has(header.column.id))
                  .map((header) => {
                    const canSort = header.column.getCanSort() && !isSlot(shape.places.get(header.column.id));
                    const dir = canSort ? sortDir(header.column.id) : false;
                    const label = header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <Table.Th
                        key={header.id}
                        data-column={header.column.id}
                        style={{
                          width: header.column.columnDef.meta?.width,
                          minWidth: shape.minWidths.get(header.column.id),
                        }}
                        aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                      >
                        {canSort ? (
                          <UnstyledButton
                            className={classes.sortButton}
                            data-active={dir || undefined}
                            onClick={(e) => state.toggleSort(header.column.id, e.shiftKey)}
                          >
                            <span>{label}</span>
                            <SortIcon dir={dir} />
                          </UnstyledButton>
                        ) : (
                          label
                        )}
                      </Table.Th>
                    );
                  })}
                {more && (
                  <Table.Th style={{ width: 1 }} data-column="__more">
                    <SrOnlyInline>بقية البيانات</SrOnlyInline>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
          )}
          <Table.Tbody role={cards ? 'rowgroup' : undefined}>{body}</Table.Tbody>
        </Table>
      </div>
      {total > 0 && (
        <Group className={classes.footer} justify="space-between" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" data-testid="table-range">
              عرض{' '}
              <bdi dir="ltr">
                {from}–{to}
              </bdi>{' '}
              من {data?.totalIsCapped && 'أكثر من '}
              <bdi>{total}</bdi>
            </Text>
            {/* The platform's own select: instant to build, and the phone's picker on a phone. */}
            <NativeSelect
              size="xs"
              w={76}
              aria-label="عدد الصفوف في الصفحة"
              data={PAGE_SIZES.map((n) => String(n))}
              value={String(state.limit)}
              onChange={(e) => state.setLimit(Number(e.currentTarget.value))}
            />
          </Group>
          {pageCount > 1 && (
            <Pagination
              size="sm"
              total={pageCount}
              value={Math.min(state.page, pageCount)}
              onChange={state.setPage}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? 'الصفحة التالية'
                    : control === 'previous'
                      ? 'الصفحة السابقة'
                      : undefined,
              })}
            />
          )}
        </Group>
      )}
    </Paper>
  );
}

const isSlot = (place: Place | undefined) => place === 'select' || place === 'actions';

const SYSTEM_FIELDS: Record<string, string> = { createdAt: 'تاريخ الإنشاء', updatedAt: 'آخر تعديل' };

/**
 * Above the cards, what a table's header row does: select every row, and sort (by any sortable
 * column, a card's field or not).
 */
function CardsBar({
  state,
  selectAll,
  sortable,
}: {
  state: ListState;
  selectAll: ReactNode[];
  sortable: { field: string; label: string }[];
}) {
  if (selectAll.length === 0 && sortable.length === 0) return null;
  const current = state.sorting[0];
  const value = current ? `${current.desc ? '-' : ''}${current.field}` : '';
  // A list's default order by a field it has no column for (when its records were added).
  const fields =
    current && !sortable.some((s) => s.field === current.field) && SYSTEM_FIELDS[current.field]
      ? [...sortable, { field: current.field, label: SYSTEM_FIELDS[current.field] }]
      : sortable;
  const options = [
    ...(current ? [] : [{ value: '', label: 'بدون ترتيب' }]),
    ...fields.flatMap(({ field, label }) => [
      { value: field, label: `${label}: تصاعدي` },
      { value: `-${field}`, label: `${label}: تنازلي` },
    ]),
  ];
  if (current && !options.some((o) => o.value === value)) options.unshift({ value, label: 'ترتيب مخصص' });
  return (
    <Group className={classes.cardsBar} justify="space-between" gap="xs" wrap="nowrap">
      {selectAll.length > 0 ? (
        // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the header's, rendered inside
        <label className={classes.selectAll}>
          {selectAll}
          <span aria-hidden>تحديد الكل</span>
        </label>
      ) : (
        <span />
      )}
      {sortable.length > 0 && (
        <NativeSelect
          size="xs"
          aria-label="ترتيب القائمة"
          leftSection={<IconArrowsSort size={14} aria-hidden />}
          data={options}
          value={value}
          onChange={(e) => state.setSort(e.currentTarget.value)}
          className={classes.sortSelect}
        />
      )}
    </Group>
  );
}

/**
 * A trailing actions column: view / edit links and delete. Buttons stop the row click.
 * `rowActionsColumn({ onView, onEdit, onDelete })` — pass only what the user may do.
 */
export function rowActionsColumn<T extends Row>(actions: {
  onView?: (row: T) => void;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** Which rows may be edited at all (a done visit is not); every row by default. */
  editable?: (row: T) => boolean;
}): DataTableColumn<T> {
  return actionsColumn<T>(({ row }) => {
    const on = (act?: (row: T) => void) => act && (() => act(row.original));
    const editable = actions.editable?.(row.original) ?? true;
    return (
      <div className={classes.rowActions}>
        <RowAction label="عرض" icon={IconEye} onClick={on(actions.onView)} />
        <RowAction label="تعديل" icon={IconEdit} onClick={editable ? on(actions.onEdit) : undefined} />
        <RowAction label="حذف" icon={IconTrash} danger onClick={on(actions.onDelete)} />
      </div>
    );
  });
}

/**
 * A row's actions column with its own cell: no sorting, as narrow as its buttons, and a heading
 * only screen readers hear, kept in flow (an absolutely positioned one inside the horizontally
 * scrolled table escapes it and widens the page on phones).
 */
export function actionsColumn<T>(cell: DataTableColumn<T>['cell']): DataTableColumn<T> {
  return {
    id: '__actions',
    header: () => <SrOnlyInline>إجراءات</SrOnlyInline>,
    enableSorting: false,
    meta: { width: 1, nowrap: true, slot: 'actions' },
    cell,
  };
}

/** One row button: named, hinted, absent when the user may not do it. */
function RowAction({
  label,
  icon: Icon,
  danger = false,
  onClick,
}: {
  label: string;
  icon: typeof IconEye;
  danger?: boolean;
  onClick?: () => void;
}) {
  if (!onClick) return null;
  return (
    <button
      type="button"
      className={classes.rowAction}
      data-danger={danger || undefined}
      aria-label={label}
      data-hint={label}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden />
    </button>
  );
}
