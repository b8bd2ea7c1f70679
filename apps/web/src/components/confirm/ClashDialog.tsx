import { IconAlertTriangle } from '@tabler/icons-react';
import { ReasonModal } from './ReasonModal';

/** What the dialog says: its title, the reason's label and an example, the button that books anyway. */
export interface ClashTexts {
  title: string;
  label: string;
  placeholder: string;
  submitLabel: string;
}

/**
 * A booking the server refused as a clash (409 with `clash`: a technician already on an
 * overlapping visit): its message, and a reason to book it anyway (sent as `override: {reason}`).
 */
export function ClashDialog({
  message,
  texts,
  busy,
  onClose,
  onSubmit,
}: {
  message: string;
  texts: ClashTexts;
  busy?: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void | Promise<void>;
}) {
  return (
    <ReasonModal
      opened
      title={texts.title}
      hint={
        <span data-testid="visit-clash" style={{ display: 'flex', gap: 6 }}>
          <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0 }} />
          <span>{message}</span>
        </span>
      }
      label={texts.label}
      placeholder={texts.placeholder}
      submitLabel={texts.submitLabel}
      color="orange"
      busy={busy ?? false}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}
