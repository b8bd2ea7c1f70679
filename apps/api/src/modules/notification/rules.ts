import {
  arabicPlural,
  CUSTOMERS,
  describeUserAgent,
  dispatchBoardPath,
  pastVerb,
  personDid,
  RECORDS,
  ROWS,
  unassignedVisitsNotice,
} from '@idara/domain';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { einvoices, sessions } from '../../db/schema';
import type { DomainEvents } from '../../lib/events';
import { getSettings } from '../settings/service';
import {
  activeUsers,
  deliver,
  linksFor,
  type NotificationDraft,
  personOf,
  type RecordLink,
  usersWith,
} from './service';

type Rule<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => Promise<NotificationDraft[]>;

const entityLinks: Record<
  string,
  { read: string; noun: string; link: (id: string, label: string) => RecordLink }
> = {
  customer: {
    read: 'customer:read',
    noun: 'العميل',
    link: (id, label) => ({
      details: { permission: 'customer:details', path: `/dashboard/customer/${id}` },
      list: { permission: 'customer:read', path: `/dashboard/customer?search=${encodeURIComponent(label)}` },
    }),
  },
};

const orderLink = (id: string, number: number | string): RecordLink => ({
  details: { permission: 'order:details', path: `/dashboard/order/${id}` },
  list: { permission: 'order:read', path: `/dashboard/order?search=${number}` },
});
const paymentLink = (id: string, number: number | string): RecordLink => ({
  details: { permission: 'payment:details', path: `/dashboard/payment/${id}` },
  list: { permission: 'payment:read', path: `/dashboard/payment?search=${number}` },
});
const documentLink = (id: string, number: string): RecordLink => ({
  details: { permission: 'invoice:details', path: `/dashboard/invoice/${id}` },
  list: { permission: 'invoice:read', path: `/dashboard/invoice?search=${encodeURIComponent(number)}` },
});

const importReaders: Record<string, string> = { customer: 'customer:read' };

/**
 * Domain events → notifications (design.md §7): who hears of what is chosen by permission, the
 * settings toggles (newCustomer, newOrder, newPayment, payPayment) switch the record notices, and
 * the actor never hears of their own act. Each rule runs after the change committed.
 */
export function registerNotificationRules(app: FastifyInstance) {
  const db = app.db;
  const to = (ids: string[], draft: Omit<NotificationDraft, 'recipient'>) =>
    ids.map((recipient) => ({ ...draft, recipient }));
  /** The same notice to each, linked where that recipient may go (linksFor). */
  const toEach = async (
    ids: string[],
    draft: Omit<NotificationDraft, 'recipient' | 'link'>,
    link: RecordLink,
  ) => {
    const links = await linksFor(db, ids, link);
    return ids.map((recipient) => ({ ...draft, recipient, link: links.get(recipient) ?? '' }));
  };

  function rule<K extends keyof DomainEvents>(name: K, make: Rule<K>) {
    app.events.on(name, (payload) =>
      make(payload)
        .then((drafts) => deliver(app, drafts))
        .catch((err) => app.log.error({ err, event: name }, 'notification failed')),
    );
  }

  rule('record.created', async ({ entity, id, label, actorId }) => {
    const target = entityLinks[entity];
    if (!target) return [];
    if (entity === 'customer' && !(await getSettings(db)).newCustomer) return [];
    const who = await personOf(db, actorId);
    return toEach(
      await usersWith(db, [target.read], actorId),
      {
        type: 'create',
        title: 'عميل جديد',
        description: `${personDid('أضاف', who)} ${target.noun} «${label}»`,
      },
      target.link(id, label),
    );
  });

  rule('order.created', async ({ orderId, number, customerName, actorId }) => {
    if (!(await getSettings(db)).newOrder) return [];
    const who = await personOf(db, actorId);
    return toEach(
      await usersWith(db, ['order:read'], actorId),
      {
        type: 'create',
        title: `طلب جديد رقم ${number}`,
        description: `${personDid('أضاف', who)} طلباً للعميل «${customerName}»`,
      },
      orderLink(orderId, number),
    );
  });

  rule('payment.created', async ({ paymentId, number, orderNumber, amount, actorId }) => {
    const who = await personOf(db, actorId);
    const link = paymentLink(paymentId, number);
    const approvers = await usersWith(db, ['payment:approve'], actorId);
    // Approvers are asked to decide; the other readers only hear of it when newPayment is on.
    const drafts = await toEach(
      approvers,
      {
        type: 'ask',
        title: `دفعة بانتظار الاعتماد رقم ${number}`,
        description: `${personDid('سجّل', who)} دفعة بمبلغ ${amount} ر.س على الطلب رقم ${orderNumber}`,
      },
      link,
    );
    if ((await getSettings(db)).newPayment) {
      const readers = (await usersWith(db, ['payment:read'], actorId)).filter(
        (id) => !approvers.includes(id),
      );
      drafts.push(
        ...(await toEach(
          readers,
          {
            type: 'create',
            title: `دفعة جديدة رقم ${number}`,
            description: `${personDid('سجّل', who)} دفعة بمبلغ ${amount} ر.س على الطلب رقم ${orderNumber}`,
          },
          link,
        )),
      );
    }
    return drafts;
  });

  rule('payment.status', async ({ paymentId, number, status, requestedBy, actorId }) => {
    const who = await personOf(db, actorId);
    const link = paymentLink(paymentId, number);
    if (status === 'paid') {
      if (!(await getSettings(db)).payPayment) return [];
      const readers = await usersWith(db, ['payment:read'], actorId);
      return toEach(
        await activeUsers(db, [...readers, requestedBy], actorId),
        {
          type: 'paid',
          title: `تم سداد الدفعة رقم ${number}`,
          description: `${personDid('سجّل', who)} سداد الدفعة رقم ${number}`,
        },
        link,
      );
    }
    // The one who recorded it learns the decision; the other approvers, who were asked too, learn
    // that a colleague has decided, so nobody opens a payment that no longer waits.
    const approvers = await usersWith(db, ['payment:approve'], actorId);
    return toEach(
      await activeUsers(db, [requestedBy, ...approvers], actorId),
      {
        type: status,
        title: status === 'approved' ? `اعتُمدت الدفعة رقم ${number}` : `رُفضت الدفعة رقم ${number}`,
        description: `${personDid(status === 'approved' ? 'اعتمد' : 'رفض', who)} الدفعة رقم ${number}`,
      },
      link,
    );
  });

  // E-invoices: credit and debit notes reach those who read invoices; a document ZATCA rejected
  // reaches those who read them and those who can connect or correct.
  rule('einvoice.issued', async ({ einvoiceId, actorId }) => {
    const [doc] = await db.select().from(einvoices).where(eq(einvoices._id, einvoiceId));
    if (!doc || doc.kind === 'invoice') return [];
    const who = await personOf(db, actorId);
    const label = doc.kind === 'credit' ? 'إشعار دائن' : 'إشعار مدين';
    return toEach(
      await usersWith(db, ['invoice:read'], actorId),
      {
        type: 'create',
        title: `${label} رقم ${doc.number}`,
        description: `${personDid('أصدر', who)} ${label} على الطلب رقم ${doc.orderNumber}: ${doc.reason}`,
      },
      documentLink(einvoiceId, doc.number),
    );
  });

  rule('einvoice.rejected', async ({ einvoiceId }) => {
    const [doc] = await db.select().from(einvoices).where(eq(einvoices._id, einvoiceId));
    if (!doc) return [];
    return toEach(
      await usersWith(db, ['invoice:read'], null),
      {
        type: 'rejected',
        title: `رفضت الهيئة الوثيقة ${doc.number}`,
        description:
          doc.zatcaMessages.map((m) => `${m.code}: ${m.message}`).join('؛ ') || 'افتحها لمعرفة السبب',
      },
      documentLink(einvoiceId, doc.number),
    );
  });

  rule('einvoice.overdue', async ({ einvoiceId }) => {
    const [doc] = await db.select().from(einvoices).where(eq(einvoices._id, einvoiceId));
    if (doc?.status !== 'pending') return [];
    return toEach(
      await usersWith(db, ['invoice:onboard'], null),
      {
        type: 'message',
        title: `الوثيقة ${doc.number} لم تُبلّغ للهيئة منذ 20 ساعة`,
        description:
          'المهلة 24 ساعة من الإصدار. تحقق من ربط «فاتورة» في الإعدادات (الشهادة والاتصال)؛ يعيد النظام المحاولة تلقائياً',
      },
      documentLink(einvoiceId, doc.number),
    );
  });

  // The day before: whoever dispatches visits hears how many of tomorrow's have no team yet.
  rule('visits.unassigned', async ({ day, count }) =>
    to(await usersWith(db, ['visit:update'], null), {
      type: 'message',
      ...unassignedVisitsNotice(day, count),
      link: dispatchBoardPath(day),
    }),
  );

  rule('records.imported', async ({ entity, count, skipped, actorId, fileName }) => {
    const permission = importReaders[entity];
    if (!permission || count === 0) return [];
    const who = await personOf(db, actorId);
    return to(await usersWith(db, [permission], actorId), {
      type: 'import',
      title: `استيراد ${arabicPlural(count, entity === 'customer' ? CUSTOMERS : RECORDS)}`,
      description: `${personDid('استورد', who)} الملف «${fileName}»${skipped ? ` ${who.gender === 'female' ? 'وتخطّت' : 'وتخطّى'} ${arabicPlural(skipped, ROWS)}` : ''}`,
      link: entity === 'customer' ? '/dashboard/customer' : '',
    });
  });

  // A security notice to the account's owner (the one rule that tells the actor): a sign-in from a
  // browser this account never used. The very first sign-in is not news.
  rule('auth.signin', async ({ userId, ip, userAgent }) => {
    const mine = eq(sessions.userId, userId);
    const [[all], [same]] = await Promise.all([
      db.select({ n: count() }).from(sessions).where(mine),
      db
        .select({ n: count() })
        .from(sessions)
        .where(and(mine, eq(sessions.userAgent, userAgent.slice(0, 500)))),
    ]);
    if (all.n <= 1 || same.n > 1) return [];
    return [
      {
        recipient: userId,
        type: 'auth' as const,
        title: 'تسجيل دخول من جهاز جديد',
        description: `دخول إلى حسابك من ${describeUserAgent(userAgent)}، العنوان ${ip || 'غير معروف'}. إن لم تكن أنت فغيّر كلمة المرور وأنهِ الجلسات الأخرى.`,
        link: '/account/profile',
      },
    ];
  });

  rule('task.assigned', async ({ taskId, number, title, recipients, actorId }) => {
    const who = await personOf(db, actorId);
    return to(await activeUsers(db, recipients, actorId), {
      type: 'create',
      title: `مهمة جديدة رقم ${number}`,
      description: `${pastVerb('أسند', who.gender)} إليك ${who.name} المهمة «${title}»`,
      link: `/tasks/${taskId}`,
    });
  });

  rule('task.submitted', async ({ taskId, number, title, recipients, actorId }) => {
    const who = await personOf(db, actorId);
    return to(await activeUsers(db, recipients, actorId), {
      type: 'ask',
      title: `مهمة بانتظار المراجعة رقم ${number}`,
      description: `${personDid('أرسل', who)} المهمة «${title}» للمراجعة`,
      link: `/tasks/${taskId}`,
    });
  });

  rule('task.reviewed', async ({ taskId, number, title, recipients, actorId, decision }) => {
    const who = await personOf(db, actorId);
    return to(await activeUsers(db, recipients, actorId), {
      type: decision === 'approve' ? 'approved' : 'rejected',
      title: decision === 'approve' ? `اعتُمدت المهمة رقم ${number}` : `أعيدت المهمة رقم ${number} للتعديل`,
      description: `${personDid(decision === 'approve' ? 'اعتمد' : 'أعاد', who)} المهمة «${title}»`,
      link: `/tasks/${taskId}`,
    });
  });
}
