import { Button, Group, Modal, Text } from '@mantine/core';
import { DEFAULT_CONFIRM_MESSAGE, hideConfirm, useConfirmState } from './confirm-store';

/** The one global confirmation dialog: modal, accept focused, Escape closes (spec §9). */
export function ConfirmDialog() {
  const { visible, options } = useConfirmState();

  const accept = () => {
    hideConfirm();
    void options.accept?.();
  };
  const reject = () => {
    hideConfirm();
    options.reject?.();
  };

  return (
    <Modal
      opened={visible}
      onClose={reject}
      title={options.header ?? 'تأكيد'}
      centered={options.centered ?? false}
      yOffset="8vh"
      closeOnEscape
      trapFocus
      lockScroll
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
      size="sm"
      zIndex={400}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {options.icon}
        <Text style={{ flex: 1 }}>{options.message ?? DEFAULT_CONFIRM_MESSAGE}</Text>
      </Group>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={reject}>
          {options.rejectLabel ?? 'لا'}
        </Button>
        <Button
          color={options.danger ? 'red' : undefined}
          leftSection={options.acceptIcon}
          onClick={accept}
          data-autofocus
        >
          {options.acceptLabel ?? 'نعم'}
        </Button>
      </Group>
    </Modal>
  );
}
