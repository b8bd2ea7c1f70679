import {
  type ActivityRow,
  actionLabels,
  billingPeriodLabels,
  contractBillingLabels,
  customerContractStatusLabels,
  customerTypeLabels,
  formatRelative,
  formatSaudiPhoneLocal,
  type OrderStatus,
  orderStatusLabels,
  type PaymentStatus,
  paymentStatusLabels,
  permissionGroups,
  rolePresets,
  visitStatusLabels,
} from '@idara/domain';
import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Timeline, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DateText, Ltr } from '../../components/bidi';
import { EmptyState } from '../../components/page';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { actionLook } from '../activity/action-icons';
import { FIELD_LABELS } from '../activity/activity-labels';
import { nameMap, useCities, useGovernments } from './customer-api';

export type ActivityEntry = ActivityRow;

const fieldNames = Object.keys(FIELD_LABELS);
const fieldOrder = (k: string) => {
  const i = fieldNames.indexOf(k);
  return i === -1 ? fieldNames.length : i;
};

const hiddenFields = new Set([
  '_id',
  'createdAt',
  'updatedAt',
  'searchText',
  'password',
  'passwordHash',
  'version',
  'moved',
  // Ids said elsewhere: who finished a visit is the entry's author; a contract by its number.
  'doneBy',
  'customerContract',
  'renewedFrom',
]);

function permissionLabel(p: string): string {
  const [area, ...rest] = p.split(':');
  const action = rest.join(':');
  const group = permissionGroups.find((g) => g.area === area);
  return `${group?.label ?? area}: ${actionLabels[action] ?? action}`;
}

interface Lookups {
  governments: Map<string, string>;
  cities: Map<string, string>;
}

function formatValue(field: string, value: unknown, lookups: Lookups): ReactNode {
  if (value === null || value === undefined || value === '')
    return (
      <Text span c="dimmed">
        فارغ
      </Text>
    );
  if (typeof value === 'boolean') {
    if (field === 'active') return value ? 'فعّال' : 'موقوف';
    return value ? 'نعم' : 'لا';
  }
  if (Array.isArray(value)) return <Ltr>{value.length}</Ltr>;
  const s = String(value);
  if (field === 'type') return customerTypeLabels[s as keyof typeof customerTypeLabels] ?? s;
  if (field === 'role') return rolePresets[s]?.label ?? s;
  if (Array.isArray(value)) return String(value.length);
  if (field === 'status')
    return (
      orderStatusLabels[s as OrderStatus] ??
      paymentStatusLabels[s as PaymentStatus] ??
      (visitStatusLabels as Record<string, string>)[s] ??
      (customerContractStatusLabels as Record<string, string>)[s] ??
      s
    );
  if (field === 'billing') return (contractBillingLabels as Record<string, string>)[s] ?? s;
  if (field === 'billingPeriod') return (billingPeriodLabels as Record<string, string>)[s] ?? s;
  if (field === 'scheduledAt' || field === 'doneAt') return <DateText value={s} />;
  if (field === 'government') return lookups.governments.get(s) ?? '—';
  if (field === 'city') return lookups.cities.get(s) ?? '—';
  if (field === 'phoneNumber' || field === 'whatsappNumber') return <Ltr>{formatSaudiPhoneLocal(s)}</Ltr>;
  if (field === 'lastLoginAt') return <DateText value={s} />;
  if (/^[\d+\-\s]+$/.test(s) || field === 'email') return <Ltr>{s}</Ltr>;
  return s;
}

function PermissionDiff({ before, after }: { before: unknown; after: unknown }) {
  const b = new Set(Array.isArray(before) ? (before as string[]) : []);
  const a = new Set(Array.isArray(after) ? (after as string[]) : []);
  const added = [...a].filter((p) => !b.has(p));
  const removed = [...b].filter((p) => !a.has(p));
  return (
    <Group gap={4} wrap="wrap">
      {added.map((p) => (
        <Badge key={`+${p}`} size="sm" variant="light" color="teal" radius="sm">
          + {permissionLabel(p)}
        </Badge>
      ))}
      {removed.map((p) => (
        <Badge key={`-${p}`} size="sm" variant="light" color="red" radius="sm">
          − {permissionLabel(p)}
        </Badge>
      ))}
      {added.length + removed.length === 0 && <Text size="xs">دون تغيير</Text>}
    </Group>
  );
}

function Changes({ entry, lookups }: { entry: ActivityEntry; lookups: Lookups }) {
  const before = entry.changes?.before ?? null;
  const after = entry.changes?.after ?? null;
  const all = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  // A reference beside its name (`customer` and `customerName`) is said by the name.
  const keys = [...all]
    .filter((k) => !hiddenFields.has(k) && !all.has(`${k}Name`))
    .sort((a, b) => fieldOrder(a) - fieldOrder(b));
  const shown = before ? keys : keys.filter((k) => after?.[k] !== '' && after?.[k] !== null);
  if (shown.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" mt={6} bg="var(--mantine-color-default-hover)">
      <Stack gap={4}>
        {shown.map((k) => (
          <Text key={k} size="xs" component="div" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="xs">
              {FIELD_LABELS[k] ?? 'حقل آخر'}:
            </Text>{' '}
            {k === 'permissions' ? (
              <PermissionDiff before={before?.[k]} after={after?.[k]} />
            ) : before ? (
              <>
                <Text span size="xs" c="dimmed" td="line-through">
                  {formatValue(k, before[k], lookups)}
                </Text>
                <Text span size="xs" mx={6} aria-label="أصبح">
                  ←
                </Text>
                <Text span size="xs" fw={500}>
                  {formatValue(k, after?.[k], lookups)}
                </Text>
              </>
            ) : (
              formatValue(k, after?.[k], lookups)
            )}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** A time shown relatively ("منذ 5 دقائق"), the full date-time on hover or focus. */
export function RelativeTime({ date }: { date: string }) {
  return (
    <Tooltip
      label={<DateText value={date} />}
      withArrow
      openDelay={200}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Text span size="xs" c="dimmed" tabIndex={0} style={{ cursor: 'help' }}>
        <time dateTime={date}>{formatRelative(date)}</time>
      </Text>
    </Tooltip>
  );
}

/** Activity log timeline for a filter (`entity`+`entityId`, or `actor`). */
export function ActivityTimeline({
  query,
  emptyText = 'لا توجد أنشطة مسجلة بعد',
  showEntity = false,
}: {
  /** A record's history (`entity`, `entityId`) or what a user did (`actor`): whole rows, no `fields`. */
  query: { limit: number } & ({ entity: string; entityId: string } | { actor: string });
  emptyText?: string;
  showEntity?: boolean;
}) {
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['/api/activity', 'timeline', query],
    queryFn: () => api('/api/activity', { query, stopAlert: true }),
    staleTime: 0,
  });
  const needsLookups = Boolean(
    data?.data.some(
      (e) => e.changes && ('city' in (e.changes.after ?? {}) || 'city' in (e.changes.before ?? {})),
    ),
  );
  const { data: governments } = useGovernments(needsLookups);
  const { data: cities } = useCities(needsLookups);
  const lookups = { governments: nameMap(governments?.rows), cities: nameMap(cities?.rows) };

  if (isPending)
    return (
      <Stack role="status" aria-label="جارٍ تحميل سجل النشاط">
        {[0, 1, 2].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton h={24} w={24} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={14} w="50%" />
              <Skeleton h={12} w="30%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  if (isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="تعذر تحميل سجل النشاط">
        {errorMessage(error)}
      </Alert>
    );
  if (data.data.length === 0) return <EmptyState icon={<IconHistory size={26} />} title={emptyText} />;

  return (
    <Timeline bulletSize={26} lineWidth={2} data-testid="activity-timeline">
      {data.data.map((entry) => {
        const meta = actionLook(entry.action);
        return (
          <Timeline.Item
            key={entry._id}
            bullet={<meta.Icon size={14} />}
            color={meta.color}
            title={
              <Group gap={6} wrap="wrap">
                <Badge size="sm" variant="light" color={meta.color} radius="sm">
                  {meta.label}
                </Badge>
                <Text size="sm" fw={600} span>
                  {entry.summary || meta.label}
                </Text>
              </Group>
            }
          >
            <Group gap={6} mt={4} wrap="wrap">
              <Text size="xs" c="dimmed" span>
                بواسطة {entry.actorName || 'النظام'}
              </Text>
              <Text size="xs" c="dimmed" span aria-hidden>
                ·
              </Text>
              <RelativeTime date={entry.createdAt} />
              {showEntity && entry.entity && (
                <Badge size="xs" variant="outline" color="gray" radius="sm">
                  {entityLabels[entry.entity] ?? 'أخرى'}
                </Badge>
              )}
            </Group>
            {entry.action !== 'delete' && !(showEntity && entry.action === 'create') && (
              <Changes entry={entry} lookups={lookups} />
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

const entityLabels: Record<string, string> = Object.fromEntries([
  ...permissionGroups.map((g) => [g.area, g.label] as const),
  ['government', 'المناطق'],
  ['auth', 'الدخول'],
  ['session', 'الجلسات'],
  ['signin-link', 'رابط الدخول'],
  ['einvoice', 'الفواتير الإلكترونية'],
]);
