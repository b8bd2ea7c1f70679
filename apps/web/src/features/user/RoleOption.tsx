import { rolePresets } from '@idara/domain';
import { Stack, Text } from '@mantine/core';

/** A role in the picker: its name, and under it what the preset is for. */
export function RoleOption({ role }: { role: string }) {
  const preset = rolePresets[role];
  return (
    <Stack gap={2} py={2} data-role-option={role}>
      <Text size="sm" fw={600}>
        {preset?.label ?? role}
      </Text>
      {preset?.description && (
        <Text size="xs" c="dimmed" lh={1.5}>
          {preset.description}
        </Text>
      )}
    </Stack>
  );
}
