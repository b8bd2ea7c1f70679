import {
  IconAlertCircle,
  IconDownload,
  IconEdit,
  IconHistory,
  IconKey,
  IconLogin,
  IconLogout,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { ACTION_LABELS } from './activity-labels';

/** The icon of each logged action (kept apart from the labels, which the log page loads without icons). */
const ACTION_ICONS: Record<string, typeof IconPlus> = {
  create: IconPlus,
  update: IconEdit,
  delete: IconTrash,
  signin: IconLogin,
  signin_failed: IconAlertCircle,
  signout: IconLogout,
  password_reset: IconKey,
  password_change: IconKey,
  export: IconDownload,
  import: IconUpload,
  backup_failed: IconAlertCircle,
};

/** How one logged action looks wherever a row of the log is drawn: its Arabic word, colour and icon. */
export function actionLook(action: string): { label: string; color: string; Icon: typeof IconPlus } {
  const known = ACTION_LABELS[action];
  return {
    label: known?.label ?? action,
    color: known?.color ?? 'gray',
    Icon: ACTION_ICONS[action] ?? IconHistory,
  };
}
