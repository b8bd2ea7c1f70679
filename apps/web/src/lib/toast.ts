import { toast } from 'sonner';

/** Toast presets from spec §9: success 3 s without a close button, error 3 s. */
export const notify = {
  success: (message: string) => toast.success(message, { duration: 3000, closeButton: false }),
  error: (message: string) => toast.error(message, { duration: 3000 }),
  info: (message: string) => toast.info(message),
  warning: (message: string) => toast.warning(message),
};
