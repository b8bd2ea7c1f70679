import type { NotificationItem } from '../../notifications';
import type { WhatsappMessage } from './whatsapp';

/** Maintenance mode switched on or off, with the notice every open page shows. */
export interface MaintenanceNotice {
  on: boolean;
  message: string;
}

/** A WhatsApp message added (`message`) or its delivery status changed (`status`). */
export interface WhatsappEvent {
  event: 'message' | 'status';
  message: WhatsappMessage;
}

/**
 * What the server pushes over Socket.IO (docs/API.md "Realtime"): the server's `io` is typed with
 * it, so an emit that differs from what the web listens for does not compile.
 */
export interface ServerToClientEvents {
  notification: (payload: NotificationItem) => void;
  whatsapp: (payload: WhatsappEvent) => void;
  maintenance: (payload: MaintenanceNotice) => void;
}
