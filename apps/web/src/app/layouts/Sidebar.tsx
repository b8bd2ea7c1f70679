import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { visibleNavigation } from '../navigation';
import classes from './Sidebar.module.css';

function isActive(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Sidebar links grouped by area; only what the user may open (same check as the guard). */
export function Sidebar() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const groups = visibleNavigation(user);
  return (
    <nav aria-label="القائمة الرئيسية">
      <Stack p="sm">
        {groups.map((group, i) => (
          <div key={group.label ?? i}>
            {group.label && (
              <Text size="xs" fw={700} c="dimmed" px="sm" mb={4}>
                {group.label}
              </Text>
            )}
            <Stack gap={2}>
              {group.items.map((item) => {
                const active = isActive(pathname, item.path);
                return (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.7} />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    className={classes.link}
                  />
                );
              })}
            </Stack>
          </div>
        ))}
      </Stack>
    </nav>
  );
}
