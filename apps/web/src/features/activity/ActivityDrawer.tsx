import type { ActivityRow } from '@idara/domain';
import { Anchor, Badge, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DateTime } from '../../components/data-table';
import { CompactTable, NOWRAP } from '../../components/page';
import { can, useAuth } from '../../lib/auth';
import { ACTION_LABELS, ENTITY_LABELS, ENTITY_ROUTES, FIELD_LABELS } from './activity-labels';

export type { ActivityRow };

export function ActionBadge({ action }: { action: string }) {
  const a = ACTION_LABELS[action];
  return (
    <Badge variant="light" radius="sm" color={a?.color ?? 'gray'} style={{ whiteSpace: 'nowrap' }}>
      {a?.label ?? action}
    </Badge>
  );
}

function showValue(v: unknown) {
  if (v === null || v === undefined || v === '') return <Text c="dimmed">—</Text>;
  if (typeof v === 'boolean') return v ? 'نعم' : 'لا';
  if (Array.isArray(v)) return <bdi>{v.join('، ')}</bdi>;
  if (typeof v === 'object')
    return <bdi style={{ fontFamily: 'monospace', fontSize: 12 }}>{JSON.stringify(v)}</bdi>;
  return <bdi>{String(v)}</bdi>;
}

/** Link to the record when its entity has a details screen the user may open. */
export function useRecordLink(row: ActivityRow | null): string | null {
  const { user } = useAuth();
  if (!row?.entityId || row.action === 'delete') return null;
  const route = ENTITY_ROUTES[row.entity];
  if (!route || !can(user, [route.permission])) return null;
  return route.path(row.entityId);
}

/** One log entry: who, when, what, and the changed fields as a before/after table. */
export function ActivityDrawer({ row, onClose }: { row: ActivityRow | null; onClose: () => void }) {
  const link = useRecordLink(row);
  const before = row?.changes?.before ?? null;
  const after = row?.changes?.after ?? null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];

  return (
    <Drawer
      opened={!!row}
      onClose={onClose}
      position="left"
      size="lg"
      title="تفاصيل السجل"
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
    >
      {row && (
        <Stack>
          <Group gap="xs">
            <ActionBadge action={row.action} />
            <Badge variant="outline" radius="sm" color="gray">
              {ENTITY_LABELS[row.entity] ?? row.entity}
            </Badge>
          </Group>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {row.summary}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <div>
              <Text size="sm" c="dimmed">
                المستخدم
              </Text>
              <Text>{row.actorName || '—'}</Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                التاريخ
              </Text>
              <DateTime value={row.createdAt} hijri />
            </div>
            {row.ip && (
              <div>
                <Text size="sm" c="dimmed">
                  عنوان IP
                </Text>
                <bdi>{row.ip}</bdi>
              </div>
            )}
            {row.userAgent && (
              <div>
                <Text size="sm" c="dimmed">
                  المتصفح
                </Text>
                <Text size="xs" style={{ overflowWrap: 'anywhere' }} dir="ltr" ta="right">
                  {row.userAgent}
                </Text>
              </div>
            )}
          </SimpleGrid>
          {link && (
            <Anchor component={Link} to={link} onClick={onClose}>
              <Group gap={4} component="span">
                <IconExternalLink size={16} />
                فتح السجل
              </Group>
            </Anchor>
          )}
          {keys.length > 0 && (
            <CompactTable
              rows={keys}
              rowKey={(k) => k}
              minWidth={360}
              scrollType="native"
              withTableBorder
              withColumnBorders
              striped
              verticalSpacing="xs"
              columns={[
                { header: 'الحقل', cell: (k) => FIELD_LABELS[k] ?? k, td: { fw: 500, ...NOWRAP } },
                before && {
                  header: 'قبل',
                  cell: (k) => showValue(before[k]),
                  td: { c: after ? 'red' : undefined, style: { overflowWrap: 'anywhere' } },
                },
                after && {
                  header: 'بعد',
                  cell: (k) => showValue(after[k]),
                  td: { c: before ? 'teal' : undefined, style: { overflowWrap: 'anywhere' } },
                },
              ]}
            />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
