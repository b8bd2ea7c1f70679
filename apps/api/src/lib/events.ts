import { EventEmitter } from 'node:events';
import type { MaintenanceNotice, VisitStatus } from '@idara/domain';

/** In-process domain events, emitted after the transaction that caused them commits. */
export interface DomainEvents {
  /** Empty sessionIds means every session of the user (deleted user). */
  'sessions.revoked': { userId: string; sessionIds: string[] };
  /** A user's name, role, permissions or state changed. */
  'user.changed': { userId: string };
  /** Maintenance mode was switched on or off: every open page hears it at once (realtime). */
  'settings.maintenance': MaintenanceNotice;
  /** Records were imported from a file (the notifications issue turns this into an `import` notification). */
  'records.imported': {
    entity: string;
    count: number;
    skipped: number;
    actorId: string | null;
    fileName: string;
  };
  /** A user signed in with their password (a new device raises an `auth` notification). */
  'auth.signin': { userId: string; ip: string; userAgent: string };
  /** A record was added through the shared CRUD routes (e.g. a customer → `newCustomer`). */
  'record.created': { entity: string; id: string; label: string; actorId: string | null };
  /** Records of an area were written through the shared CRUD routes (realtime tells their readers). */
  'records.changed': { area: string; ids: string[] };
  'order.created': { orderId: string; number: number; customerName: string; actorId: string | null };
  /** A payment was recorded (`newPayment`) and awaits approval (`ask`). */
  'payment.created': {
    paymentId: string;
    number: number;
    orderNumber: number;
    amount: string;
    actorId: string | null;
  };
  /** A payment was approved, rejected or marked paid. */
  'payment.status': {
    paymentId: string;
    number: number;
    status: 'approved' | 'rejected' | 'paid';
    requestedBy: string | null;
    actorId: string | null;
  };
  /** A tax invoice, credit note or debit note was issued (committed). */
  'einvoice.issued': { einvoiceId: string; actorId: string | null };
  /** ZATCA's answer to a submitted document (zatca/submissions.ts). */
  'einvoice.reported': { einvoiceId: string };
  'einvoice.cleared': { einvoiceId: string };
  'einvoice.rejected': { einvoiceId: string };
  /** A simplified document still unreported 20 hours after issue (once per document). */
  'einvoice.overdue': { einvoiceId: string };
  /** Tomorrow's open visits with no team, told once a day by the visits tick (modules/visit-notice). */
  'visits.unassigned': { day: string; count: number };
  /**
   * A visit took a step (the office's or a technician's phone's, applied once however often it was
   * sent); `at` is when it happened (the device's time for the phone's). The customer's messages
   * at each step hang on it.
   */
  'visit.step': { visitId: string; step: VisitStatus; actorId: string; at: Date };
  /** A task was given to someone (`newTask`, to the assignee). */
  'task.assigned': TaskEvent;
  /** A task was submitted for review (`ask`, to its creator and the reviewers). */
  'task.submitted': TaskEvent;
  /** A task was approved or returned (`approved` / `rejected`, to the assignee). */
  'task.reviewed': TaskEvent & { decision: 'approve' | 'return' };
}

export interface TaskEvent {
  taskId: string;
  number: number;
  title: string;
  /** Who should hear of it; never the actor. */
  recipients: string[];
  actorId: string | null;
}

/**
 * Domain events after commit. A handler may return a promise: the bus keeps it until it settles,
 * so `settled()` can wait for every reaction to what has happened (tests look at the outcome,
 * closing finishes them) instead of waiting for time.
 */
export class EventBus {
  private emitter = new EventEmitter();
  private readonly underWay = new Set<Promise<void>>();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => unknown) {
    const handle = (payload: DomainEvents[K]) => {
      const result = listener(payload);
      if (!(result instanceof Promise)) return;
      const work: Promise<void> = result
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => this.underWay.delete(work));
      this.underWay.add(work);
    };
    this.emitter.on(name, handle);
    return () => this.emitter.off(name, handle);
  }

  /** Resolves once every handler started so far, and whatever they emitted in turn, has finished. */
  async settled() {
    while (this.underWay.size) await Promise.allSettled([...this.underWay]);
  }
}
