import { arabicWeekdayOf, formatGregorianDate, formatHijriDate } from '@idara/domain';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { visibleNavigation } from '../../app/navigation';
import { useAuth } from '../../lib/auth';
import classes from './HomePage.module.css';

function Today() {
  const now = new Date();
  return (
    <Text c="dimmed">
      {arabicWeekdayOf(now)}، <bdi>{formatHijriDate(now)}</bdi> — الموافق{' '}
      <bdi>{formatGregorianDate(now)}</bdi> م
    </Text>
  );
}

export default function HomePage() {
  const { user } = useAuth();
  const items = visibleNavigation(user)
    .flatMap((g) => g.items)
    .filter((i) => i.path !== '/');
  return (
    <Stack gap="xl">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.hero}>
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
          مرحباً، {user?.name}
        </Title>
        <Today />
      </Paper>
      <div>
        <Title order={2} fz="h4" mb="sm">
          الوصول السريع
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
          {items.map((item) => (
            <UnstyledButton key={item.path} component={Link} to={item.path} className={classes.card}>
              <Group wrap="nowrap" gap="sm">
                <ThemeIcon size={44} radius="md" variant="light">
                  <item.icon size={24} />
                </ThemeIcon>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700}>{item.label}</Text>
                  {item.description && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {item.description}
                    </Text>
                  )}
                </Stack>
                <IconChevronLeft size={18} className={classes.chevron} aria-hidden />
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
