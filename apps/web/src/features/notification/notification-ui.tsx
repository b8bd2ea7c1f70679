import {
  type ArabicPluralForms,
  arabicPlural,
  formatDateTime,
  formatRelative,
  type NotificationItem,
  type NotificationLevel,
  type NotificationType,
  notificationTypeMeta,
} from '@idara/domain';
import { ActionIcon, Group, Text, ThemeIcon, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconBell,
  IconCash,
  IconCircleCheck,
  IconCirclePlus,
  IconCircleX,
  IconFileExport,
  IconFileImport,
  IconHourglass,
  IconMail,
  IconMailOpened,
  IconMessage,
  IconPencil,
  IconShieldLock,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './Notification.module.css';
import { toggleRead } from './notification-store';

const typeIcons: Record<NotificationType, TablerIcon> = {
  create: IconCirclePlus,
  update: IconPencil,
  delete: IconTrash,
  approved: IconCircleCheck,
  rejected: IconCircleX,
  export: IconFileExport,
  import: IconFileImport,
  auth: IconShieldLock,
  ask: IconHourglass,
  paid: IconCash,
  message: IconMessage,
};

/** Mantine colour of each alert level. */
export const levelColor: Record<NotificationLevel, string> = {
  info: 'blue',
  success: 'teal',
  warning: 'orange',
  error: 'red',
};

/** Label, level, colour and icon of a type; an unknown type (a newer server) gets a plain bell. */
export function typeVisual(type: string): {
  label: string;
  level: NotificationLevel;
  color: string;
  Icon: TablerIcon;
} {
  const meta = notificationTypeMeta[type as NotificationType];
  if (!meta) return { label: 'إشعار', level: 'info', color: 'gray', Icon: IconBell };
  return { ...meta, color: levelColor[meta.level], Icon: typeIcons[type as NotificationType] };
}

export function NotificationTypeIcon({ type, size = 36 }: { type: string; size?: number }) {
  const { Icon, color } = typeVisual(type);
  return (
    <ThemeIcon variant="light" color={color} size={size} aria-hidden className={classes.icon}>
      <Icon size={Math.round(size * 0.55)} stroke={1.7} />
    </ThemeIcon>
  );
}

const UNREAD: ArabicPluralForms = {
  zero: 'لا توجد إشعارات غير مقروءة',
  one: 'إشعار واحد غير مقروء',
  two: 'إشعاران غير مقروءين',
  few: '{n} إشعارات غير مقروءة',
  many: '{n} إشعاراً غير مقروء',
  other: '{n} إشعار غير مقروء',
};

const NOTIFICATIONS: ArabicPluralForms = {
  zero: 'لا توجد إشعارات',
  one: 'إشعار واحد',
  two: 'إشعاران',
  few: '{n} إشعارات',
  many: '{n} إشعاراً',
  other: '{n} إشعار',
};

export const unreadText = (n: number) => arabicPlural(n, UNREAD);

const NUMBER = /(\d+(?:[.,٫،:/-]\d+)*)/;

/** Text with every number (with its separators: 150.00, 2026/11/22) isolated in <bdi>. */
export function Digits({ text }: { text: string }) {
  return (
    <>
      {text.split(NUMBER).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        i % 2 === 1 ? <bdi key={i}>{part}</bdi> : part,
      )}
    </>
  );
}
export const notificationsText = (n: number) => arabicPlural(n, NOTIFICATIONS);

/** "منذ 5 دقائق" with the exact date-time as a tooltip and in `dateTime`. */
export function RelativeTime({ value, now }: { value: string; now: Date }) {
  const exact = formatDateTime(value);
  return (
    <time dateTime={value} title={exact}>
      <bdi>{formatRelative(value, now)}</bdi>
    </time>
  );
}

export interface NotificationRowProps {
  item: NotificationItem;
  now: Date;
  /** Following the link (or clicking one without a link): mark read and, in the centre, close it. */
  onOpen: (item: NotificationItem) => void;
  onDelete: (item: NotificationItem) => void;
  /** The centre's compact row (description on two lines) or the full page's. */
  compact?: boolean;
  /** Takes the focus when the centre opens (the newest one). */
  autoFocus?: boolean;
}

/** One notification: type icon, title, description, time; its read/unread toggle and delete. */
export function NotificationRow({ item, now, onOpen, onDelete, compact, autoFocus }: NotificationRowProps) {
  const { label } = typeVisual(item.type);
  const unread = !item.read;
  const body = (
    <>
      <Group gap={6} wrap="nowrap" align="center">
        {unread && <span className={classes.dot} aria-hidden />}
        <Text
          component="span"
          size="sm"
          fw={unread ? 700 : 500}
          className={classes.title}
          lineClamp={compact ? 1 : undefined}
        >
          <Digits text={item.title} />
        </Text>
      </Group>
      {item.description && (
        <Text size="sm" c="dimmed" className={classes.description} lineClamp={compact ? 2 : undefined}>
          <Digits text={item.description} />
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2} component="span" className={classes.meta}>
        <RelativeTime value={item.createdAt} now={now} />
        <span aria-hidden> · </span>
        <span>{label}</span>
        {unread && <VisuallyHidden component="span"> · غير مقروء</VisuallyHidden>}
      </Text>
    </>
  );
  const readLabel = unread ? 'تحديد كمقروء' : 'تحديد كغير مقروء';
  return (
    <div className={classes.row} data-unread={unread || undefined} data-testid="notification-row">
      <NotificationTypeIcon type={item.type} size={compact ? 34 : 40} />
      {item.link ? (
        <UnstyledButton
          component={Link}
          to={item.link}
          className={classes.main}
          onClick={() => onOpen(item)}
          data-autofocus={autoFocus || undefined}
        >
          {body}
        </UnstyledButton>
      ) : (
        <UnstyledButton
          className={classes.main}
          onClick={() => onOpen(item)}
          data-autofocus={autoFocus || undefined}
        >
          {body}
        </UnstyledButton>
      )}
      <div className={classes.actions}>
        <Tooltip label={readLabel} withinPortal>
          <ActionIcon
            variant="subtle"
            color={unread ? 'teal' : 'gray'}
            size={compact ? 'md' : 'lg'}
            aria-label={`${readLabel}: ${item.title}`}
            onClick={() => toggleRead(item)}
          >
            {unread ? <IconMailOpened size={17} /> : <IconMail size={17} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="حذف الإشعار" withinPortal>
          <ActionIcon
            variant="subtle"
            color="red"
            size={compact ? 'md' : 'lg'}
            aria-label={`حذف الإشعار: ${item.title}`}
            onClick={() => onDelete(item)}
          >
            <IconTrash size={17} />
          </ActionIcon>
        </Tooltip>
      </div>
    </div>
  );
}
