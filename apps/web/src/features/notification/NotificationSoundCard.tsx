import { Anchor, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { playNotificationSound, useSoundEnabled } from './notification-sound';

/** Profile card: the notification sound on or off for this device (stored in localStorage). */
export function NotificationSoundCard() {
  const [enabled, setEnabled] = useSoundEnabled();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="notification-sound-card">
      <Title order={2} fz="h4" mb={4}>
        الإشعارات
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        يُحفظ هذا الخيار على هذا الجهاز فقط، ولا يؤثر على أجهزتك الأخرى.
      </Text>
      <Stack>
        <Switch
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          label="تشغيل صوت الإشعارات"
          description="تنبيه صوتي قصير عند وصول إشعار جديد أثناء فتح النظام"
          thumbIcon={enabled ? <IconVolume size={12} /> : <IconVolumeOff size={12} />}
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={!enabled}
            onClick={playNotificationSound}
          >
            تجربة الصوت
          </Button>
          <Anchor component={Link} to="/notification" size="sm">
            عرض كل الإشعارات
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
