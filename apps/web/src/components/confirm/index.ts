export { ClashDialog, type ClashTexts } from './ClashDialog';
export { confirmDelete } from './confirm-delete';
export { ask, type ConfirmOptions, confirm, DEFAULT_CONFIRM_MESSAGE } from './confirm-store';
export { ReasonModal } from './ReasonModal';
