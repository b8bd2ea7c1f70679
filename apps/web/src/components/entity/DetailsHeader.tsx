import {
  Avatar,
  type AvatarProps,
  Button,
  type ButtonProps,
  Group,
  Paper,
  Stack,
  Title,
} from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The head of a record's details page (customer, user, order, task): an avatar beside the record's
 * name and state, its actions on the other side, wrapping under them on a phone.
 */
export function DetailsHeader({
  avatar,
  children,
  actions,
  below,
  wideLead = false,
}: {
  /** The avatar's colour, size and what it shows (an icon or initials). */
  avatar: Pick<AvatarProps, 'color' | 'size' | 'visibleFrom'> & { children: ReactNode };
  /** The lines beside the avatar: `DetailsTitle`, badges, a subtitle. */
  children: ReactNode;
  actions?: ReactNode;
  /** More about the record inside the same card, under the head. */
  below?: ReactNode;
  /** The name and state take the room they need before the actions (a long task title). */
  wideLead?: boolean;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group
          wrap="nowrap"
          align={wideLead ? 'flex-start' : undefined}
          style={wideLead ? { minWidth: 0, flex: '1 1 260px' } : { minWidth: 0 }}
        >
          <Avatar variant="light" {...avatar} />
          <Stack gap={wideLead ? 6 : 4} style={{ minWidth: 0 }}>
            {children}
          </Stack>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {below}
    </Paper>
  );
}

/** The record's name in `DetailsHeader`. */
export function DetailsTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} fz={{ base: 'h4', sm: 'h3' }} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}

/** An action in a details header: a light button with its icon; a link to `to`, else it acts `onClick`. */
export function HeaderAction({
  icon,
  ...props
}: Omit<ButtonProps, 'leftSection'> & { icon: ReactNode; children: ReactNode } & (
    | { to: string }
    | { onClick: () => void }
  )) {
  return 'to' in props ? (
    <Button variant="light" component={Link} leftSection={icon} {...props} />
  ) : (
    <Button variant="light" leftSection={icon} {...props} />
  );
}

/** «تعديل» in a details header: a link to the edit page, or `onClick` for an edit dialog. */
export function EditAction(props: { to: string } | { onClick: () => void }) {
  return (
    <HeaderAction icon={<IconEdit size={16} />} {...props}>
      تعديل
    </HeaderAction>
  );
}

/** «حذف» in a details header (the caller asks for confirmation). */
export function DeleteAction({ onClick }: { onClick: () => void }) {
  return (
    <HeaderAction color="red" icon={<IconTrash size={16} />} onClick={onClick}>
      حذف
    </HeaderAction>
  );
}
