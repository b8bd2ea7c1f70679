import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An icon button that opens a page (back to a list, to a conversation), named by its tooltip. */
export function ActionIconLink({
  label,
  to,
  children,
  ...props
}: ActionIconProps & { label: string; to: string; className?: string; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} aria-label={label} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
