import { Button, Group, Modal, type ModalProps, Stack, Textarea, type TextareaProps } from '@mantine/core';
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

/**
 * The note or reason a `DialogForm` asks for: a growing text box that takes the focus when the
 * dialog opens; typing clears its error.
 */
export function DialogNote({
  value,
  onChange,
  error,
  clearError,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  clearError: () => void;
}) {
  return (
    <Textarea
      autosize
      minRows={3}
      maxRows={6}
      value={value}
      error={error}
      onChange={(e) => {
        onChange(e.currentTarget.value);
        if (error) clearError();
      }}
      data-autofocus
      {...props}
    />
  );
}
