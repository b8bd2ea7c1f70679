import { addDays, insideWindow, noticeWindow, riyadhDayOf } from '@idara/domain';
import { MinuteTick } from '../../lib/minute-tick';
import { billDueContracts } from '../customer-contract/billing';
import { claimUnassigned, confirmVisits, expireContracts, offerRenewals } from './notices';

/** What one tick did. */
export interface NoticeTally {
  /** Contracts it marked expired. */
  expired: number;
  /** Tomorrow's visits with no team the office was told of (0: no notice this tick). */
  unassigned: number;
  /** Visit confirmations it queued. */
  confirmations: number;
  /** Renewal offers it queued. */
  renewals: number;
  /** Contracts it looked at for bills due (once a Riyadh day per process; 0 otherwise). */
  billed: number;
}

/**
 * The contracts-and-visits tick, once a minute: active contracts past their end day become expired
 * at any hour; inside the notice window (Riyadh 09:00–21:00, Fridays too: visits and contracts
 * keep their days) the office hears of tomorrow's visits with no team, each customer with a planned
 * visit tomorrow gets its confirmation, and contracts ending within 30 days are offered renewal;
 * once a Riyadh day, contracts bill the periods that have fallen due (customer-contract/billing.ts).
 * Each notice is claimed by its `notice_sends` row (unique kind and subject), so however often the
 * tick runs, and in however many processes, it goes out once.
 */
export class VisitNoticeScheduler extends MinuteTick<NoticeTally> {
  protected readonly failure = 'visit notice tick failed';
  /** The Riyadh day this process last billed contracts on: billing looks once a day (and at start). */
  private billedOn = '';

  async tick(now = this.now()): Promise<NoticeTally> {
    const today = riyadhDayOf(now);
    const expired = await expireContracts(this.app, today, now);
    if (expired.length) this.app.events.emit('records.changed', { area: 'customerContract', ids: expired });
    const tally: NoticeTally = {
      expired: expired.length,
      unassigned: 0,
      confirmations: 0,
      renewals: 0,
      billed: 0,
    };
    if (this.billedOn !== today) {
      // Each period is claimed before it is billed, so processes that bill the same day bill it once.
      tally.billed = await billDueContracts(this.app, now);
      this.billedOn = today;
    }
    if (!insideWindow(now, noticeWindow.start, noticeWindow.end)) return tally;

    const tomorrow = addDays(today, 1);
    const unassigned = await claimUnassigned(this.app, tomorrow, now);
    if (unassigned) {
      this.app.events.emit('visits.unassigned', { day: tomorrow, count: unassigned });
      tally.unassigned = unassigned;
    }
    tally.confirmations = await confirmVisits(this.app, tomorrow, now);
    tally.renewals = await offerRenewals(this.app, today, now);
    if (tally.confirmations + tally.renewals) this.app.whatsapp.dispatcher?.kick();
    return tally;
  }
}
