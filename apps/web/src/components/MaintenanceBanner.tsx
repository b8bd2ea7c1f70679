import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../lib/auth';
import { useSettings } from '../lib/settings';

/** Users with settings:update keep working during maintenance; they see this reminder. */
export function MaintenanceBanner() {
  const canUpdate = useCan('settings:update');
  const { data } = useSettings();
  if (!canUpdate || !data?.maintenanceMode) return null;
  return (
    <Alert
      color="orange"
      variant="filled"
      radius={0}
      icon={<IconAlertTriangle size={18} />}
      role="status"
      py={6}
      styles={{ message: { fontWeight: 500 } }}
    >
      وضع الصيانة مفعّل: لا يستطيع المستخدمون الآخرون استخدام النظام.{' '}
      <Anchor component={Link} to="/settings" c="white" td="underline" fw={700}>
        إدارة الإعدادات
      </Anchor>
    </Alert>
  );
}
