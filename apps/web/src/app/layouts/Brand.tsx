import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Brand() {
  return (
    <Group
      renderRoot={(props) => <Link to="/" {...props} />}
      gap="xs"
      wrap="nowrap"
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label="إدارة — الرئيسية"
    >
      <ThemeIcon size={34} radius="md" variant="filled">
        <IconChartBar size={20} />
      </ThemeIcon>
      <Text fw={700} fz="xl">
        إدارة
      </Text>
    </Group>
  );
}
