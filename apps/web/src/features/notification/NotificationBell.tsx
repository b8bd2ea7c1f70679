import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell, IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { NotificationCenter } from './NotificationCenter';
import { unreadText } from './notification-ui';
import { useNotificationCentre, useNotificationRealtime } from './use-notifications';

/** Header bell: the unread counter on a badge; opens the centre (keyboard: Enter/Space, Escape closes). */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const { unreadCount } = useNotificationCentre();
  useNotificationRealtime();

  return (
    <Indicator
      label={unreadCount}
      maxValue={99}
      disabled={unreadCount === 0}
      size={18}
      offset={5}
      color="red"
      withBorder
      inline
      zIndex={101}
      data-testid="notification-badge"
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(380px, calc(100vw - 16px))"
        offset={10}
        shadow="lg"
        radius="lg"
        trapFocus
        returnFocus
        closeOnEscape
        withinPortal
        // Above the toasts (sonner's layer is 999999999): a live toast never covers the open
        // panel, which shows the same notice at its top.
        zIndex={1_000_000_000}
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`الإشعارات: ${unreadText(unreadCount)}`}
            onClick={() => setOpened((o) => !o)}
            data-testid="notification-bell"
            data-count={unreadCount}
          >
            {unreadCount > 0 ? <IconBellRinging size={18} /> : <IconBell size={18} />}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <NotificationCenter onClose={() => setOpened(false)} />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
