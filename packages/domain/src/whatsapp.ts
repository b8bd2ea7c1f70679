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
  /**
   * The approved template's DOCUMENT header: which of the message's values hold the file's link
   * and its name (a visit's report). Not a body parameter.
   */
  document?: { link: string; fileName: string };
  /**
   * The approved template's quick-reply buttons, in order: each button's title as registered and
   * the payload WhatsApp hands back when the customer taps it, made from the message's values.
   */
  quickReplies?: { title: string; payload: (values: Record<string, string>) => string }[];
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

/** A rating's reply buttons as the customer sees them, by score. */
export const ratingButtonTitles: Record<number, string> = {
  5: '5 ممتازة',
  4: '4 جيدة جداً',
  3: '3 جيدة',
  2: '2 مقبولة',
  1: '1 سيئة',
};

/** A rating button's payload: `rate:<score>:<signed token>` (read back by `readRatingPayload`). */
export const ratingPayload = (score: number, token: string) => `rate:${score}:${token}`;

export function readRatingPayload(payload: unknown) {
  const m = typeof payload === 'string' ? /^rate:([1-5]):([\w.-]{1,200})$/.exec(payload) : null;
  return m ? { score: Number(m[1]), token: m[2] } : null;
}

/**
 * Kinds of message a customer may decline, each on its own (statement and payment reminders are
 * not among them: they have their own stop switch on the customer).
 */
export const messageOptOutKinds = [
  'visit_confirmation',
  'visit_on_the_way',
  'visit_done',
  'visit_rating',
] as const;
export type MessageOptOutKind = (typeof messageOptOutKinds)[number];
export const messageOptOutLabels: Record<MessageOptOutKind, string> = {
  visit_confirmation: 'تأكيد موعد الزيارة قبلها بيوم',
  visit_on_the_way: 'الفني في الطريق',
  visit_done: 'تقرير الزيارة عند إنجازها',
  visit_rating: 'طلب تقييم الزيارة',
};

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
    name: 'visit_on_the_way',
    label: 'الفني في الطريق',
    params: [
      customerNameParam,
      { key: 'technicianName', label: 'اسم الفني' },
      { key: 'visitNumber', label: 'رقم الزيارة' },
      { key: 'arrival', label: 'الوصول المتوقع' },
    ],
    render: (v) =>
      `مرحباً ${v.customerName}، الفني ${v.technicianName} في الطريق إليك الآن لتنفيذ الزيارة رقم ${v.visitNumber}، والوصول المتوقع ${v.arrival}.`,
  },
  {
    name: 'visit_done',
    label: 'تقرير الزيارة',
    params: [customerNameParam, { key: 'visitNumber', label: 'رقم الزيارة' }],
    document: { link: 'reportLink', fileName: 'reportFileName' },
    render: (v) =>
      `مرحباً ${v.customerName}، أنجزنا الزيارة رقم ${v.visitNumber}. مرفق تقرير الزيارة بما فحصناه والصور وتوقيع الاستلام. شكراً لثقتك.`,
  },
  {
    name: 'visit_rating',
    label: 'تقييم الزيارة',
    params: [customerNameParam, { key: 'visitNumber', label: 'رقم الزيارة' }, linkParam],
    // Five buttons, best first as a customer reads them; the payload carries the signed token.
    quickReplies: [5, 4, 3, 2, 1].map((score) => ({
      title: ratingButtonTitles[score],
      payload: (v: Record<string, string>) => ratingPayload(score, v.ratingToken ?? ''),
    })),
    render: (v) =>
      `مرحباً ${v.customerName}، كيف كانت زيارتنا رقم ${v.visitNumber}؟ اختر تقييمك من 1 إلى 5 بالأزرار أدناه، أو اكتب رأيك من الرابط: ${v.link}`,
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
  'visit_on_the_way',
  'visit_done',
  'visit_rating',
]);
export const composerTemplates = messageTemplates.filter((t) => !systemTemplates.has(t.name));

export function findTemplate(name: string) {
  return messageTemplates.find((t) => t.name === name);
}
