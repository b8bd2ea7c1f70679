import { formatDateTime, formatRelative } from '@idara/domain';
import { ActionIcon, Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canOpen } from '../../app/access';
import { findRoute } from '../../app/routes';
import { can, useAuth } from '../../lib/auth';
import { actionLook } from '../activity/action-icons';
import { ENTITY_LABELS, ENTITY_ROUTES } from '../activity/activity-labels';
import type { DashboardActivity } from './dashboard-api';
import classes from './HomePage.module.css';
import { ChartCard, ChartEmpty } from './Panel';

function recordLink(row: DashboardActivity, permissions: (p: string) => boolean): string | null {
  if (!row.entityId || row.action === 'delete') return null;
  const route = ENTITY_ROUTES[row.entity];
  if (!route || !permissions(route.permission)) return null;
  return route.path(row.entityId);
}

function ActivityItem({ row, now }: { row: DashboardActivity; now: Date }) {
  const { user } = useAuth();
  const link = recordLink(row, (p) => can(user, [p]));
  const { label, color, Icon } = actionLook(row.action);
  const entity = ENTITY_LABELS[row.entity];
  return (
    <Group component="li" wrap="nowrap" gap="sm" align="flex-start" className={classes.activityItem}>
      <ThemeIcon variant="light" size={32} color={color} role="img" aria-label={label}>
        <Icon size={16} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {row.summary}
        </Text>
        <Text size="xs" c="dimmed">
          {row.actorName || 'النظام'}
          {entity ? ` · ${entity}` : ''} ·{' '}
          <time dateTime={row.createdAt} data-hint={formatDateTime(row.createdAt)}>
            {formatRelative(row.createdAt, now)}
          </time>
        </Text>
      </Stack>
      {link && (
        <ActionIcon component={Link} to={link} variant="subtle" aria-label="فتح السجل" data-hint="فتح السجل">
          <IconExternalLink size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

export function RecentActivity({ rows }: { rows: DashboardActivity[] }) {
  const { user } = useAuth();
  const logRoute = findRoute('/dashboard/activity');
  const now = new Date();
  return (
    <ChartCard
      title="آخر النشاطات"
      icon={IconHistory}
      testId="recent-activity"
      action={
        logRoute && canOpen(logRoute, user) ? (
          <Anchor component={Link} to="/dashboard/activity" size="sm" style={{ whiteSpace: 'nowrap' }}>
            عرض السجل
          </Anchor>
        ) : null
      }
    >
      {rows.length === 0 ? (
        <ChartEmpty icon={IconHistory} height={200} text="لا يوجد نشاط بعد." />
      ) : (
        <Stack component="ul" gap={0} className={classes.activityList}>
          {rows.map((row) => (
            <ActivityItem key={row._id} row={row} now={now} />
          ))}
        </Stack>
      )}
    </ChartCard>
  );
}
