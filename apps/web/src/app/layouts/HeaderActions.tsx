import { Group } from '@mantine/core';
import { ThemeToggle } from '../../components/ThemeToggle';
import { NotificationBell } from '../../features/notification/NotificationBell';
import { useAuth } from '../../lib/auth';
import { UserMenu } from './UserMenu';

/**
 * The header's end: theme, notifications bell, user menu. Loaded as its own chunk after the
 * shell paints (DefaultLayout): its menus and popovers bring Floating UI, and the bell the
 * realtime code, none of which the first paint needs.
 */
export default function HeaderActions() {
  const { user } = useAuth();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeToggle />
      {user && <NotificationBell />}
      <UserMenu />
    </Group>
  );
}
