import type { FormPick, OrderPick, UserPick } from '@idara/domain';
import { Select, type SelectProps, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RemoteSelect } from '../../components/data-table';
import { api } from '../../lib/api';

type PickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'>;

const userOption = (u: UserPick) => ({ value: u._id, label: u.name });
const userJob = (u: UserPick) =>
  u.jobTitle ? (
    <Text size="xs" c="dimmed">
      {u.jobTitle}
    </Text>
  ) : null;

/** Searchable employee select (GET /api/lookup/users, active users only). */
export function UserPicker({
  value,
  onChange,
  initialLabel,
  loadSelected = false,
  ...props
}: PickerProps & {
  value: string | null;
  onChange: (value: string | null) => void;
  /** Label of a preselected user (e.g. the task's assignee name). */
  initialLabel?: string;
  /** Read a preselected user the list does not hold from /api/lookup/users/:id. */
  loadSelected?: boolean;
}) {
  return (
    <RemoteSelect
      {...props}
      path="/api/lookup/users"
      params={{ active: 'true', sort: 'name' }}
      toOption={userOption}
      describe={userJob}
      value={value}
      selectedLabel={initialLabel}
      loadSelected={loadSelected}
      nothingFoundMessage="لا يوجد موظف مطابق"
      placeholder={props.placeholder ?? 'ابحث باسم الموظف'}
      onChange={(v) => onChange(v)}
    />
  );
}

const orderLabel = (o: { number: number; customerName: string }) => `#${o.number} — ${o.customerName}`;
const orderOption = (o: OrderPick) => ({ value: o._id, label: orderLabel(o) });

/** Searchable order select (GET /api/lookup/orders: number, customer name or phone). */
export function OrderPicker({
  value,
  onChange,
  initialLabel,
  ...props
}: PickerProps & {
  value: string | null;
  onChange: (value: string | null, order: OrderPick | null) => void;
  initialLabel?: string;
}) {
  return (
    <RemoteSelect
      {...props}
      path="/api/lookup/orders"
      params={{ sort: '-createdAt' }}
      toOption={orderOption}
      value={value}
      selectedLabel={initialLabel}
      loadSelected
      nothingFoundMessage="لا يوجد طلب مطابق"
      placeholder={props.placeholder ?? 'ابحث برقم الطلب أو العميل'}
      onChange={onChange}
    />
  );
}

export { orderLabel };

/** The active forms (GET /api/lookup/forms?active=true), plus the task's current one when it was stopped. */
export function FormPicker({
  value,
  onChange,
  current,
  enabled = true,
  ...props
}: PickerProps & {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The task's form, kept as an option even when it is no longer active. */
  current?: Pick<FormPick, '_id' | 'title'> | null;
  enabled?: boolean;
}) {
  const forms = useQuery({
    queryKey: ['/api/lookup/forms', { active: 'true' }],
    queryFn: ({ signal }) =>
      api('/api/lookup/forms', {
        query: { active: 'true', limit: 0, sort: 'title' },
        signal,
        stopAlert: true,
      }),
    staleTime: 60_000,
    enabled,
  });
  const data = useMemo(() => {
    const opts = (forms.data?.data ?? []).map((f) => ({ value: f._id, label: f.title }));
    if (current && !opts.some((o) => o.value === current._id))
      opts.push({ value: current._id, label: current.title });
    return opts;
  }, [forms.data, current]);
  return (
    <Select
      {...props}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'مسح النموذج' }}
      nothingFoundMessage={forms.isError ? 'تعذر تحميل النماذج' : 'لا توجد نماذج فعّالة'}
      placeholder={forms.isPending && enabled ? 'جارٍ التحميل…' : (props.placeholder ?? 'بدون نموذج')}
    />
  );
}
