import { Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './HomePage.module.css';

/** A titled card on the home screen (charts, activity). */
export function ChartCard({
  title,
  icon: Icon,
  action,
  children,
  testId,
}: {
  title: string;
  icon: typeof IconChartBar;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper className={classes.panel} data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" mb="md" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" radius="md" size={32} aria-hidden>
            <Icon size={18} />
          </ThemeIcon>
          <Title order={3} fz="h5" lineClamp={1}>
            {title}
          </Title>
        </Group>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** What a card shows while there is nothing to draw yet (a fresh system). */
export function ChartEmpty({
  text,
  height,
  icon: Icon,
}: {
  text: string;
  height: number;
  icon: typeof IconChartBar;
}) {
  return (
    <Center h={height} className={classes.empty}>
      <Stack gap="xs" align="center" px="md">
        <ThemeIcon variant="light" color="gray" size={48} aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
        <Text c="dimmed" size="sm" ta="center" maw={320}>
          {text}
        </Text>
      </Stack>
    </Center>
  );
}

/** A card's place while its data or its chart code loads. */
export function PanelSkeleton({ height }: { height: number }) {
  return (
    <Paper className={classes.panel}>
      <Group gap="xs" mb="md" wrap="nowrap">
        <Skeleton height={32} width={32} radius="md" />
        <Skeleton height={14} width="40%" />
      </Group>
      <Skeleton height={height} radius="md" />
    </Paper>
  );
}
