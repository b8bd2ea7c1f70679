import { clockTime, riyadhDayOf, riyadhParts, visitStatusLabels } from '@idara/domain';
import { Alert, MultiSelect, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { DialogForm } from '../../components/DialogForm';
import { fetchVersioned } from '../../components/entity/use-edit-conflict';
import { LazyDayField } from '../../components/LazyDayField';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../lib/auth';
import { pickerToIso } from '../../lib/riyadh-day';
import { notify } from '../../lib/toast';
import { type BoardVisit, changes, SLOT_MINUTES, UNASSIGNED_LABEL } from './board-model';
import { useActiveTechnicians } from './dispatch-api';
import type { MoveJob, MoveOutcome, VisitRecord } from './use-visit-moves';

const pad = (n: number) => String(n).padStart(2, '0');

/** Every 15-minute start of a day, as 'HH:mm' with its 12-hour label. */
const SLOTS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return { value: `${pad(h)}:${pad(m)}`, label: clockTime(h, m) };
});

interface Values {
  assignees: string[];
  day: string | null;
  time: string;
}

const valuesOf = (visit: Pick<BoardVisit, 'assignees' | 'scheduledAt'>): Values => {
  const p = riyadhParts(visit.scheduledAt);
  return {
    assignees: visit.assignees,
    day: riyadhDayOf(visit.scheduledAt),
    time: `${pad(p.hour)}:${pad(p.minute)}`,
  };
};

/**
 * «نقل أو إسناد الزيارة»: the way to move a visit without dragging (the keyboard's Enter, a tap on
 * a phone) — its technicians, day and time. It shows the visit as the server has it now and saves
 * over that version only (`If-Match`); a clash or a conflict is asked about on top of it.
 */
export default function MoveVisitDialog({
  visit,
  opened,
  onClose,
  move,
  asking,
  nameOf,
}: {
  visit: BoardVisit;
  opened: boolean;
  onClose: () => void;
  move: (job: MoveJob) => Promise<MoveOutcome>;
  /** A clash or conflict dialog is open over this one: Escape closes that one only. */
  asking: boolean;
  nameOf: (id: string) => string;
}) {
  const versioned = useCan('visit:details');
  const read = useQuery({
    queryKey: ['dispatch-visit', visit._id],
    queryFn: () => fetchVersioned<VisitRecord>(`/api/visit/${visit._id}`),
    enabled: opened && versioned,
    staleTime: 0,
    gcTime: 0,
  });
  const [latest, setLatest] = useState<VisitRecord | null>(null);
  const record = latest ?? read.data?.record ?? null;
  const shown: BoardVisit | null = record ?? (versioned ? null : visit);
  const version = latest?.version ?? read.data?.version;

  const technicians = useActiveTechnicians(opened);
  const [values, setValues] = useState<Values | null>(null);
  const [dayError, setDayError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The fields start from the visit as read (again after «تحميل أحدث نسخة»).
  const readKey = shown ? `${shown._id}@${shown.updatedAt}` : null;
  const [valuesOfKey, setValuesOfKey] = useState<string | null>(null);
  if (shown && readKey !== valuesOfKey) {
    setValuesOfKey(readKey);
    setValues(valuesOf(shown));
    setDayError(null);
  }
  useEffect(() => {
    if (!opened) setLatest(null);
  }, [opened]);

  const options = useMemo(() => {
    const list = technicians.data ?? [];
    // A technician on the visit who is no longer active stays listed, to be kept or removed.
    const missing = (values?.assignees ?? [])
      .filter((id) => !list.some((o) => o.value === id))
      .map((id) => ({ value: id, label: nameOf(id) }));
    return [...list, ...missing];
  }, [technicians.data, values?.assignees, nameOf]);

  const times = useMemo(
    () =>
      values && !SLOTS.some((s) => s.value === values.time)
        ? [
            ...SLOTS,
            {
              value: values.time,
              label: clockTime(Number(values.time.slice(0, 2)), Number(values.time.slice(3))),
            },
          ].sort((a, b) => a.value.localeCompare(b.value))
        : SLOTS,
    [values],
  );

  const submit = async () => {
    if (!shown || !values) return;
    if (!values.day) {
      setDayError('اختر يوم الزيارة');
      return;
    }
    const scheduledAt = pickerToIso(`${values.day} ${values.time}`);
    if (!scheduledAt) {
      setDayError('اختر يوم الزيارة');
      return;
    }
    const next = { assignees: values.assignees, scheduledAt };
    if (!changes(shown, next)) {
      notify.info('لم يتغير شيء في الزيارة');
      onClose();
      return;
    }
    setBusy(true);
    try {
      await move({
        visit: shown,
        move: next,
        version,
        onSaved: onClose,
        onLatest: setLatest,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogForm
      opened={opened}
      onClose={() => {
        if (!asking) onClose();
      }}
      title="نقل أو إسناد الزيارة"
      onSubmit={submit}
      submitLabel="حفظ"
      submitIcon={<IconDeviceFloppy size={18} />}
      busy={busy}
    >
      {read.isError ? (
        <Alert color="red" title="تعذر قراءة الزيارة">
          {errorMessage(read.error)}
        </Alert>
      ) : !shown || !values ? (
        <Stack gap="sm" role="status" aria-label="جارٍ التحميل…">
          <Skeleton h={20} w="60%" />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : (
        <>
          <Text size="sm">
            <bdi dir="ltr">#{shown.number}</bdi> — <strong>{shown.customerName}</strong>
            {shown.cityName ? ` · ${shown.cityName}` : ''} · {visitStatusLabels[shown.status]}
          </Text>
          <MultiSelect
            label="الفنيون"
            description={`اتركه فارغاً لتبقى الزيارة «${UNASSIGNED_LABEL}»`}
            data={options}
            value={values.assignees}
            onChange={(assignees) => setValues({ ...values, assignees })}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'مسح الفنيين' }}
            nothingFoundMessage="لا يوجد موظف مطابق"
            placeholder={values.assignees.length ? undefined : 'اختر فنياً أو أكثر'}
            maxValues={10}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <LazyDayField
              label="اليوم"
              withAsterisk
              value={values.day}
              error={dayError}
              onChange={(day) => {
                setValues({ ...values, day: day || null });
                setDayError(null);
              }}
              popoverProps={{ withinPortal: true }}
            />
            <NativeSelect
              label="الوقت"
              withAsterisk
              data={times}
              value={values.time}
              onChange={(e) => setValues({ ...values, time: e.currentTarget.value })}
            />
          </SimpleGrid>
        </>
      )}
    </DialogForm>
  );
}
