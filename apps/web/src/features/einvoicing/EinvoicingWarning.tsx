import { hasAll } from '@idara/domain';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useAfterFirstPaint } from '../../lib/first-page';
import { useEinvoicing } from './EinvoicingSection';

/**
 * On the home screen, for those who read invoices: documents ZATCA rejected and simplified ones still
 * unreported near the 24-hour limit. After the first paint, and with `hasAll`, like the backup warning.
 */
export function EinvoicingWarning() {
  const { user } = useAuth();
  const painted = useAfterFirstPaint();
  const { data } = useEinvoicing(painted && hasAll(user?.permissions, ['invoice:read']));
  if (!data || (data.attention.rejected === 0 && data.attention.overdue === 0)) return null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle size={20} />}
      title="فواتير إلكترونية تحتاج انتباهك"
      data-testid="einvoicing-warning"
    >
      <Group gap="md" wrap="wrap">
        {data.attention.rejected > 0 && (
          <Anchor component={Link} to="/dashboard/invoice?status=rejected" size="sm" fw={600}>
            {data.attention.rejected} رفضتها الهيئة: أصدر بدلها بعد التصحيح
          </Anchor>
        )}
        {data.attention.overdue > 0 && (
          <Text size="sm">
            {data.attention.overdue} فاتورة مبسطة لم تُبلّغ منذ أكثر من 20 ساعة —{' '}
            <Anchor component={Link} to="/dashboard/invoice?status=pending" size="sm">
              اعرضها
            </Anchor>
          </Text>
        )}
      </Group>
    </Alert>
  );
}
