import { formatDateTime } from '@idara/domain';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowsDiff, IconCheck, IconRefresh } from '@tabler/icons-react';

export interface ConflictInfo {
  /** The server's Arabic message (used when the editor is unknown). */
  message: string;
  changedBy: string | null;
  /** ISO time of the other save. */
  changedAt: string | null;
}

export interface FieldDifference {
  key: string;
  label: string;
  mine: string;
  theirs: string;
}

/** «تم تعديل هذا السجل من قِبل فلان في …»: who saved in between, and what to do with my unsaved edit. */
export function EditConflictDialog({
  conflict,
  differences,
  busy,
  onReload,
  onCompare,
  onKeepMine,
  onClose,
}: {
  conflict: ConflictInfo | null;
  /** Null until «مقارنة» is chosen. */
  differences: FieldDifference[] | null;
  busy: boolean;
  onReload: () => void;
  onCompare: () => void;
  onKeepMine: () => void;
  onClose: () => void;
}) {
  const who = conflict?.changedBy;
  const when = conflict?.changedAt ? formatDateTime(conflict.changedAt) : null;
  return (
    <Modal
      opened={conflict !== null}
      onClose={onClose}
      title="تعارض في التعديل"
      centered
      radius="lg"
      size={differences ? 'lg' : 'md'}
    >
      <Stack data-testid="edit-conflict">
        <Alert color="orange" variant="light" radius="md" icon={<IconAlertTriangle size={20} />}>
          <Text fw={600}>
            {who && when ? (
              <>
                تم تعديل هذا السجل من قِبل <bdi>{who}</bdi> في{' '}
                <bdi style={{ whiteSpace: 'nowrap' }}>{when}</bdi>
              </>
            ) : (
              conflict?.message
            )}
          </Text>
          <Text size="sm" mt={4}>
            بعد أن فتحته، ولم يُحفظ تعديلك بعد. حمّل أحدث نسخة أو قارن بين النسختين.
          </Text>
        </Alert>

        {differences && (
          <Stack gap="xs" aria-label="الفروق بين نسختك والنسخة المحفوظة">
            {differences.length === 0 ? (
              <Text size="sm" c="dimmed">
                لا فرق بين قيم نسختك والنسخة المحفوظة.
              </Text>
            ) : (
              differences.map((d) => (
                <Paper key={d.key} withBorder radius="md" p="sm">
                  <Text fw={600} size="sm" mb={4}>
                    {d.label}
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                    <div>
                      <Text size="xs" c="dimmed">
                        قيمتي
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        <bdi>{d.mine}</bdi>
                      </Text>
                    </div>
                    <div>
                      <Text size="xs" c="dimmed">
                        القيمة المحفوظة
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        <bdi>{d.theirs}</bdi>
                      </Text>
                    </div>
                  </SimpleGrid>
                </Paper>
              ))
            )}
          </Stack>
        )}

        <Group gap="xs" justify="flex-start">
          {differences ? (
            <>
              <Button leftSection={<IconCheck size={18} />} onClick={onKeepMine} disabled={busy}>
                الإبقاء على نسختي
              </Button>
              <Button
                variant="default"
                leftSection={<IconRefresh size={18} />}
                onClick={onReload}
                loading={busy}
              >
                اعتماد النسخة المحفوظة
              </Button>
            </>
          ) : (
            <>
              <Button
                leftSection={<IconRefresh size={18} />}
                onClick={onReload}
                loading={busy}
                data-autofocus
              >
                تحميل أحدث نسخة
              </Button>
              <Button
                variant="default"
                leftSection={<IconArrowsDiff size={18} />}
                onClick={onCompare}
                disabled={busy}
              >
                مقارنة
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
