/** WhatsApp conversations with customers: statuses, the service window, and the message templates. */

export const messageStatuses = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'في الانتظار',
  sent: 'أُرسلت',
  delivered: 'وصلت',
  read: 'قُرئت',
  failed: 'تعذّر الإرسال',
};

/** A status only moves forward (a late "delivered" never undoes "read"); failed is final. */
export function statusRank(status: MessageStatus) {
  return status === 'failed' ? 99 : messageStatuses.indexOf(status);
}

/** Outside this window after the customer's last message, WhatsApp accepts only templates. */
export const SERVICE_WINDOW_MS = 24 * 3600_000;

export const serviceWindowExplanation =
  'يسمح واتساب بالرسائل الحرة خلال 24 ساعة من آخر رسالة أرسلها العميل. خارج هذه المدة يمكن إرسال القوالب المعتمدة فقط، وتبدأ مدة جديدة عندما يرد العميل.';

export interface MessageTemplate {
  /** Name registered with WhatsApp (Cloud API `template.name`). */
  name: string;
  label: string;
  /**
   * Parameter names in order ({{1}}, {{2}} …) with their Arabic labels. `fromOrder` names the
   * field of one of the customer's orders that fills it: the composer asks for the order, not for
   * the number and the amount as free text.
   */
  params: TemplateParam[];
  /** The Arabic text as the customer reads it, for the conversation and the outbox. */
  render: (values: Record<string, string>) => string;
}

export interface TemplateParam {
  key: string;
  label: string;
  fromOrder?: 'number' | 'total' | 'due';
}

/** Parameters more than one template asks for, named alike in each. */
const customerNameParam: TemplateParam = { key: 'customerName', label: 'اسم العميل' };
const orderNumberParam: TemplateParam = { key: 'orderNumber', label: 'رقم الطلب', fromOrder: 'number' };
const linkParam: TemplateParam = { key: 'link', label: 'الرابط' };

export const messageTemplates: MessageTemplate[] = [
  {
    name: 'order_confirmation',
    label: 'تأكيد الطلب',
    params: [customerNameParam, orderNumberParam, { key: 'total', label: 'الإجمالي', fromOrder: 'total' }],
    render: (v) =>
      `مرحباً ${v.customerName}، تم تسجيل طلبك رقم ${v.orderNumber} بإجمالي ${v.total} ر.س. سنتواصل معك لتأكيد الموعد. شكراً لثقتك.`,
  },
  {
    name: 'invoice_link',
    label: 'رابط الفاتورة',
    params: [customerNameParam, { key: 'invoiceNumber', label: 'رقم الفاتورة' }, linkParam],
    render: (v) =>
      `مرحباً ${v.customerName}، فاتورتك رقم ${v.invoiceNumber} جاهزة، ويمكنك الاطلاع عليها من الرابط: ${v.link}`,
  },
  {
    name: 'payment_reminder',
    label: 'تذكير بالدفع',
    params: [
      customerNameParam,
      { key: 'amount', label: 'المبلغ المتبقي', fromOrder: 'due' },
      orderNumberParam,
    ],
    render: (v) =>
      `مرحباً ${v.customerName}، نذكّرك بمبلغ ${v.amount} ر.س المتبقي على الطلب رقم ${v.orderNumber}. يسعدنا خدمتك.`,
  },
  {
    name: 'statement_link',
    label: 'كشف الحساب',
    params: [
      customerNameParam,
      { key: 'from', label: 'من تاريخ' },
      { key: 'to', label: 'إلى تاريخ' },
      { key: 'closing', label: 'الرصيد' },
      linkParam,
    ],
    render: (v) =>
      `مرحباً ${v.customerName}، كشف حسابك للفترة من ${v.from} إلى ${v.to} جاهز، والرصيد ${v.closing} ر.س. يمكنك الاطلاع عليه من الرابط: ${v.link}`,
  },
  {
    name: 'visit_confirmation',
    label: 'تأكيد موعد الزيارة',
    params: [
      { key: 'customerName', label: 'اسم العميل' },
      { key: 'day', label: 'يوم الزيارة' },
      { key: 'timeWindow', label: 'وقت الزيارة' },
      { key: 'visitNumber', label: 'رقم الزيارة' },
    ],
    render: (v) =>
      `مرحباً ${v.customerName}، نذكّرك بموعد زيارتنا يوم ${v.day} ${v.timeWindow} (الزيارة رقم ${v.visitNumber}). إن احتجت إلى تغيير الموعد فردّ على هذه الرسالة.`,
  },
  {
    name: 'contract_renewal',
    label: 'تجديد العقد',
    params: [
      { key: 'customerName', label: 'اسم العميل' },
      { key: 'contractNumber', label: 'رقم العقد' },
      { key: 'endDay', label: 'يوم انتهاء العقد' },
    ],
    render: (v) =>
      `مرحباً ${v.customerName}، عقدك رقم ${v.contractNumber} ينتهي يوم ${v.endDay}. يسعدنا تجديده لتستمر زياراتك دون انقطاع؛ ردّ على هذه الرسالة وسنتواصل معك.`,
  },
  {
    name: 'password_reset_code',
    label: 'رمز استعادة كلمة المرور',
    params: [{ key: 'code', label: 'الرمز' }],
    render: (v) => `رمز استعادة كلمة المرور في إدارة: ${v.code}. صالح لمدة 10 دقائق، ولا تشاركه مع أحد.`,
  },
];

/**
 * Templates a user may pick in the composer: not the system's own (the password code, the statement
 * link, and the visit confirmation and renewal offer the contracts-and-visits tick sends).
 */
const systemTemplates = new Set([
  'password_reset_code',
  'statement_link',
  'visit_confirmation',
  'contract_renewal',
]);
export const composerTemplates = messageTemplates.filter((t) => !systemTemplates.has(t.name));

export function findTemplate(name: string) {
  return messageTemplates.find((t) => t.name === name);
}
