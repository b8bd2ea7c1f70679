import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogout, IconRefresh, IconTool } from '@tabler/icons-react';
import { signOut } from '../lib/auth';

/** Shown when the API answers 503 maintenance to a user without settings:update. */
export function MaintenanceScreen({ message }: { message?: string }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" maw={520} ta="center">
        <ThemeIcon size={80} variant="light" color="orange">
          <IconTool size={44} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          النظام في وضع الصيانة
        </Title>
        <Text c="dimmed">{message || 'نعمل حالياً على تحسين النظام، وسيعود للعمل قريباً. شكراً لصبركم.'}</Text>
        <Group gap="sm" justify="center">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            إعادة المحاولة
          </Button>
          <Button variant="default" leftSection={<IconLogout size={18} />} onClick={() => void signOut()}>
            تسجيل الخروج
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
