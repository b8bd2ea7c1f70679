import { describeUserAgent, formatDateTime, formatRelative, isMobileUserAgent } from '@idara/domain';
import { ActionIcon, Badge, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/confirm/confirm-store';
import { SectionLoader } from '../../components/FullPageLoader';
import { notify } from '../../lib/toast';
import classes from './SessionsCard.module.css';
import { revokeSession, type Session, sessionsKey, sessionsQuery } from './sessions-api';

function SessionRow({ session, onRevoke }: { session: Session; onRevoke: (s: Session) => void }) {
  const Icon = isMobileUserAgent(session.userAgent) ? IconDeviceMobile : IconDeviceDesktop;
  const device = describeUserAgent(session.userAgent);
  const seen = session.lastSeenAt ?? session.createdAt;
  return (
    <Group className={classes.row} wrap="nowrap" align="flex-start" gap="sm" data-testid="session-row">
      <ThemeIcon variant="light" size="lg" radius="md" color={session.current ? 'teal' : 'gray'}>
        <Icon size={20} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={500}>{device}</Text>
          {session.current && (
            <Badge color="teal" variant="light" size="sm">
              هذا الجهاز
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          العنوان: <bdi dir="ltr">{session.ip || 'غير معروف'}</bdi>
        </Text>
        <Text size="sm" c="dimmed">
          آخر نشاط: {formatRelative(seen)} · بدأت في <bdi>{formatDateTime(session.createdAt)}</bdi>
        </Text>
      </Stack>
      {!session.current && (
        <Tooltip label="إنهاء الجلسة">
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            aria-label={`إنهاء جلسة ${device}`}
            onClick={() => onRevoke(session)}
          >
            <IconLogout size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The user's own sessions, newest activity first; any but the current one can be revoked. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery(sessionsQuery);

  const onRevoke = (session: Session) =>
    confirm({
      header: 'إنهاء الجلسة',
      message: `سيتم تسجيل خروج الجهاز «${describeUserAgent(session.userAgent)}». هل تريد المتابعة؟`,
      acceptLabel: 'إنهاء الجلسة',
      rejectLabel: 'إلغاء',
      danger: true,
      accept: async () => {
        try {
          const res = await revokeSession(session._id);
          notify.success(res?.message || 'تم إنهاء الجلسة');
        } finally {
          void queryClient.invalidateQueries({ queryKey: sessionsKey });
        }
      },
    });

  const sessions = [...(data ?? [])].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      Date.parse(b.lastSeenAt ?? b.createdAt) - Date.parse(a.lastSeenAt ?? a.createdAt),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb={4}>
        الأجهزة المسجّل دخولها
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        إن لم تتعرف على جهاز فأنهِ جلسته وغيّر كلمة المرور.
      </Text>
      {isPending ? (
        <SectionLoader />
      ) : isError ? (
        <Text c="red">تعذر تحميل الجلسات</Text>
      ) : (
        <Stack gap={0}>
          {sessions.map((s) => (
            <SessionRow key={s._id} session={s} onRevoke={onRevoke} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
