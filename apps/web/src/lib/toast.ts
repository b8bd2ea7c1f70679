import type { toast as sonnerToast } from 'sonner';
import { loadOnce } from './load-once';

export type Toast = typeof sonnerToast;

/**
 * sonner is loaded on the first toast (or when the toaster mounts after the first paint), not with
 * the shell: the first page load stays within the JavaScript budget (docs/PERFORMANCE.md). sonner
 * replays toasts raised before its Toaster subscribed, so nothing is lost meanwhile.
 */
export const loadToast: () => Promise<Toast> = loadOnce(() => import('sonner').then((m) => m.toast));

const show = (raise: (toast: Toast) => unknown) => {
  loadToast().then(raise, (error) => console.warn('[toast] sonner failed to load', error));
};

/** Toast presets from spec §9: success 3 s without a close button, error 3 s. */
export const notify = {
  success: (message: string) => show((t) => t.success(message, { duration: 3000, closeButton: false })),
  error: (message: string) => show((t) => t.error(message, { duration: 3000 })),
  info: (message: string) => show((t) => t.info(message)),
  warning: (message: string) => show((t) => t.warning(message)),
};
