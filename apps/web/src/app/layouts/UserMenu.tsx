import { rolePresets } from '@idara/domain';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { signOut, useAuth } from '../../lib/auth';
import classes from './UserMenu.module.css';

function initial(name: string): string {
  return name.trim().charAt(0);
}

/** The user's name over their job title or role; `strong` in the menu's head. */
function NameAndRole({
  name,
  subtitle,
  strong = false,
}: {
  name: string;
  subtitle: string;
  strong?: boolean;
}) {
  return (
    <>
      <Text size="sm" fw={strong ? 700 : 500} c={strong ? 'var(--mantine-color-text)' : undefined} truncate>
        {name}
      </Text>
      {subtitle && (
        <Text size="xs" c="dimmed" truncate>
          {subtitle}
        </Text>
      )}
    </>
  );
}

export function UserMenu() {
  const { user } = useAuth();
  if (!user) return null;
  const subtitle = user.jobTitle || rolePresets[user.role]?.label || '';
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (name and role) after a hidden «قائمة المستخدم:», so a voice
            command that reads the visible text finds it. */}
        <UnstyledButton className={classes.target}>
          <VisuallyHidden>قائمة المستخدم: </VisuallyHidden>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="teal" size={34} aria-hidden>
              {initial(user.name)}
            </Avatar>
            <div className={classes.names}>
              <NameAndRole name={user.name} subtitle={subtitle} />
            </div>
            <IconChevronDown size={14} className={classes.chevron} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <NameAndRole name={user.name} subtitle={subtitle} strong />
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account/profile" leftSection={<IconUserCircle size={16} />}>
          الملف الشخصي
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          تسجيل الخروج
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
