import { backupWarning, hasAll } from '@idara/domain';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { WarningAlert } from '../../components/feedback';
import { useAuth } from '../../lib/auth';
import { useAfterFirstPaint } from '../../lib/first-page';
import { backupsQuery } from '../settings/backup-api';

/**
 * For administrators: a warning when the last backup failed or is over two days old, linking to
 * settings. Asked for after the page has painted.
 */
export function BackupWarning() {
  const { user } = useAuth();
  const admin = hasAll(user?.permissions, ['settings:update']);
  const painted = useAfterFirstPaint();
  const { data } = useQuery({ ...backupsQuery, enabled: admin && painted });
  const warning = data ? backupWarning(data) : null;
  if (!warning) return null;
  return (
    <WarningAlert color="orange" title="النسخ الاحتياطي يحتاج انتباهك" data-testid="backup-warning">
      <Text size="sm">
        {warning}{' '}
        <Anchor component={Link} to="/settings" size="sm" fw={600}>
          افتح النسخ الاحتياطي في الإعدادات
        </Anchor>
      </Text>
    </WarningAlert>
  );
}
