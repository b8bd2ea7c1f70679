import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * A dialog that asks for a few values and acts on them: the fields, then «إلغاء» and the submit
 * button (Enter submits; the browser's own checks are off, `onSubmit` checks and says why).
 */
export function DialogForm({
  opened,
  onClose,
  title,
  onSubmit,
  submitLabel,
  submitIcon,
  submitColor,
  busy,
  cancelLabel = 'إلغاء',
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: () => unknown;
  submitLabel: ReactNode;
  submitIcon?: ReactNode;
  submitColor?: string;
  busy: boolean;
  cancelLabel?: string;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      size={size}
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" color={submitColor} loading={busy} leftSection={submitIcon}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
