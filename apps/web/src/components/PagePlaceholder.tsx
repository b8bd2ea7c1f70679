import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRouteMeta } from '../app/use-route-meta';

/** Shared page for screens later issues build: the route title and "under construction". */
export default function PagePlaceholder() {
  const meta = useRouteMeta();
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      m={meta?.layout === 'blank' ? 'md' : 0}
      data-testid="page-placeholder"
    >
      <Stack align="center" gap="sm" py="xl" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconTools size={30} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {meta?.title}
        </Title>
        <Text fw={500} fz="lg" c="teal">
          قيد الإنشاء
        </Text>
        <Text c="dimmed">هذه الصفحة قيد الإنشاء وستتوفر قريباً.</Text>
        {meta?.layout === 'blank' && (
          <Button component={Link} to="/" variant="light" leftSection={<IconHome size={18} />}>
            العودة إلى الرئيسية
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
