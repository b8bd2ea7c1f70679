import type { ReactNode } from 'react';
import { createStore, useStore } from '../../lib/create-store';

export interface ConfirmOptions {
  message?: ReactNode;
  header?: ReactNode;
  icon?: ReactNode;
  acceptLabel?: string;
  rejectLabel?: string;
  acceptIcon?: ReactNode;
  /** Accept button in the danger colour. */
  danger?: boolean;
  /** Centred instead of the default top position. */
  centered?: boolean;
  accept?: () => void | Promise<void>;
  reject?: () => void;
}

export const DEFAULT_CONFIRM_MESSAGE = 'هل تريد المتابعة؟';

interface ConfirmState {
  visible: boolean;
  options: ConfirmOptions;
}

export const confirmStore = createStore<ConfirmState>({ visible: false, options: {} });

export const useConfirmState = () => useStore(confirmStore);

/** Shows the global confirmation dialog (spec §4, §9). */
export function confirm(options: ConfirmOptions): void {
  confirmStore.set({ visible: true, options });
}

/** Promise form: true on accept, false on reject or dismissal. */
export function ask(options: Omit<ConfirmOptions, 'accept' | 'reject'>): Promise<boolean> {
  return new Promise((resolve) =>
    confirm({ ...options, accept: () => resolve(true), reject: () => resolve(false) }),
  );
}

export function hideConfirm(): void {
  confirmStore.set({ visible: false });
}
