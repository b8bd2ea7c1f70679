import { actionLabels, allPermissions, permissionGroups, rolePresets } from '@idara/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconLock, IconShieldCheck, IconSquareOff } from '@tabler/icons-react';

const NOT_HELD = 'لا يمكنك منح صلاحية لا تملكها';

/**
 * Applies a preset within what the signed-in user may grant: permissions they hold follow the preset,
 * permissions they lack keep their current state (the server refuses changing those).
 */
export function applyPreset(
  preset: readonly string[],
  current: readonly string[],
  grantable: ReadonlySet<string>,
) {
  const want = new Set(preset);
  return allPermissions.filter((p) => (grantable.has(p) ? want.has(p) : current.includes(p)));
}

export function PermissionsEditor({
  value,
  onChange,
  grantable,
  error,
  lockedReason = NOT_HELD,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  /** Permissions the signed-in user holds (only those can be granted or removed). */
  grantable: ReadonlySet<string>;
  error?: React.ReactNode;
  /** Why a permission outside `grantable` cannot be changed (shown on its lock). */
  lockedReason?: string;
}) {
  const selected = new Set(value);
  const locked = grantable.size === 0;
  const set = (perms: string[], on: boolean) => {
    const next = new Set(selected);
    for (const p of perms) {
      if (!grantable.has(p)) continue;
      if (on) next.add(p);
      else next.delete(p);
    }
    onChange(allPermissions.filter((p) => next.has(p)));
  };

  return (
    <Stack>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Badge
          size="lg"
          variant="light"
          radius="xl"
          leftSection={<IconShieldCheck size={16} />}
          data-testid="permissions-count"
        >
          <bdi>{value.length}</bdi> من <bdi>{allPermissions.length}</bdi> صلاحية
        </Badge>
        <Group gap={6} wrap="wrap" role="group" aria-label="قوالب الصلاحيات">
          <Text size="sm" c="dimmed">
            تعبئة من قالب:
          </Text>
          {Object.entries(rolePresets).map(([role, preset]) => (
            <Tooltip key={role} label={preset.description} multiline maw={280} withArrow>
              <Button
                size="xs"
                variant="light"
                disabled={locked}
                onClick={() => onChange(applyPreset(preset.permissions, value, grantable))}
              >
                {preset.label}
              </Button>
            </Tooltip>
          ))}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconSquareOff size={14} />}
            disabled={locked}
            onClick={() => set(allPermissions, false)}
          >
            إلغاء الكل
          </Button>
        </Group>
      </Group>
      {error && <Input.Error>{error}</Input.Error>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {permissionGroups.map((group) => {
          const perms = group.actions.map((a) => `${group.area}:${a}`);
          const count = perms.filter((p) => selected.has(p)).length;
          const editable = perms.filter((p) => grantable.has(p));
          const allOn = count === perms.length;
          return (
            <Paper
              key={group.area}
              withBorder
              radius="md"
              p="sm"
              role="group"
              aria-labelledby={`perm-group-${group.area}`}
            >
              <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
                <Text fw={700} size="sm" id={`perm-group-${group.area}`}>
                  {group.label}
                </Text>
                <Badge size="sm" variant={count ? 'filled' : 'default'} radius="sm">
                  <bdi>
                    {count}/{perms.length}
                  </bdi>
                </Badge>
              </Group>
              <Checkbox
                size="sm"
                mb="xs"
                fw={500}
                label="تحديد الكل"
                aria-label={`تحديد كل صلاحيات ${group.label}`}
                checked={allOn}
                indeterminate={count > 0 && !allOn}
                disabled={editable.length === 0}
                onChange={(e) => set(perms, e.currentTarget.checked)}
              />
              <Stack gap={6} ps="md">
                {group.actions.map((action) => {
                  const p = `${group.area}:${action}`;
                  const held = grantable.has(p);
                  const box = (
                    <Checkbox
                      key={p}
                      size="sm"
                      value={p}
                      label={
                        <Group gap={4} wrap="nowrap" component="span">
                          <span>{actionLabels[action] ?? action}</span>
                          {!held && <IconLock size={12} aria-hidden />}
                        </Group>
                      }
                      aria-label={`${group.label}: ${actionLabels[action] ?? action}`}
                      checked={selected.has(p)}
                      disabled={!held}
                      onChange={(e) => set([p], e.currentTarget.checked)}
                      data-permission={p}
                    />
                  );
                  return held ? (
                    <div key={p}>{box}</div>
                  ) : (
                    <Tooltip
                      key={p}
                      label={lockedReason}
                      withArrow
                      position="top-start"
                      events={{ hover: true, focus: true, touch: true }}
                    >
                      <div style={{ width: 'fit-content' }}>{box}</div>
                    </Tooltip>
                  );
                })}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
