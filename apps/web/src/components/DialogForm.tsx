import { Button, Group, Modal, type ModalProps, Stack, Textarea, type TextareaProps } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';

export interface DialogFormProps {
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
}

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
}: DialogFormProps) {
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

/** What a dialog asks for (a note, a person) and why it is refused, as `useDialogValue` keeps them. */
export interface DialogValue<T> {
  value: T;
  error: string | null;
  /** Sets the value; a new value clears the error. */
  change: (value: T) => void;
  /** Says why the value cannot be used. */
  fail: (error: string) => void;
}

/**
 * The value a dialog asks for and its error, both emptied each time the dialog opens: when
 * `openedAs` becomes truthy (`opened`, or the decision the dialog was opened for).
 */
export function useDialogValue<T>(openedAs: unknown, empty: T): DialogValue<T> {
  const [value, setValue] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: emptied on opening only, `empty` is the caller's constant
  useEffect(() => {
    if (openedAs) {
      setValue(empty);
      setError(null);
    }
  }, [openedAs]);
  return {
    value,
    error,
    change: (next) => {
      setValue(next);
      setError(null);
    },
    fail: setError,
  };
}

/**
 * The note or reason a `DialogForm` asks for: a growing text box that takes the focus when the
 * dialog opens; typing clears its error.
 */
export function DialogNote({
  note,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange' | 'error'> & { note: DialogValue<string> }) {
  return (
    <Textarea
      autosize
      minRows={3}
      maxRows={6}
      value={note.value}
      error={note.error}
      onChange={(e) => note.change(e.currentTarget.value)}
      data-autofocus
      {...props}
    />
  );
}
