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

/** Records of one kind were written (created, edited, moved, deleted): open lists and boards read them again. */
export interface RecordsChanged {
  /** The permission area (`visit`, `customerContract`). */
  area: string;
  ids: string[];
}

/**
 * What the server pushes over Socket.IO (docs/API.md "Realtime"): the server's `io` is typed with
 * it, so an emit that differs from what the web listens for does not compile.
 */
export interface ServerToClientEvents {
  notification: (payload: NotificationItem) => void;
  whatsapp: (payload: WhatsappEvent) => void;
  maintenance: (payload: MaintenanceNotice) => void;
  /** To those who may read the area's list only. */
  records: (payload: RecordsChanged) => void;
}
