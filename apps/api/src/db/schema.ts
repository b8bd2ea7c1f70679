import {
  type Answers,
  type AnswerValue,
  type EinvoiceSnapshot,
  type FormField,
  fromHalalas,
  type NationalAddress,
  toHalalas,
} from '@idara/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();

/** Money: integer halalas in the database, a two-place decimal string ("150.00") everywhere else. */
export const money = customType<{ data: string; driverData: string | number }>({
  dataType: () => 'bigint',
  toDriver: (value) => String(toHalalas(value)),
  fromDriver: (value) => fromHalalas(Number(value)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

/**
 * A calendar day — the day the office means in Riyadh, not an instant: `date`, read and written as
 * `YYYY-MM-DD` (docs/ARCHITECTURE.md, "Typed resources"). Instants are `ts` (timestamptz).
 */
const day = (name: string) => date(name, { mode: 'string' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Bumped by every save; GET answers it as the ETag and a PUT with a stale If-Match gets 412. */
const editVersion = (name: string) => integer(name).notNull().default(1);

export const roles = pgTable('roles', {
  _id: id(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    _id: id(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    gender: text('gender', { enum: ['male', 'female'] })
      .notNull()
      .default('male'),
    role: text('role').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    lastLoginAt: ts('last_login_at'),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_phone_number_key').on(t.phoneNumber), index('users_name_idx').on(t.name)],
);

export const sessions = pgTable(
  'sessions',
  {
    _id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users._id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, kept in the database so limits hold across server processes. */
export const authFailures = pgTable(
  'auth_failures',
  {
    _id: id(),
    phoneNumber: text('phone_number').notNull(),
    ip: text('ip').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('auth_failures_phone_idx').on(t.phoneNumber, t.createdAt),
    // The per-address limit counts one address's failures across every phone.
    index('auth_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** One-time secrets: password-reset codes and sign-in links. Only hashes are stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    _id: id(),
    kind: text('kind').notNull(), // 'reset' | 'signin-link'
    userId: uuid('user_id')
      .notNull()
      .references(() => users._id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.kind)],
);

/** Messages waiting for (or recorded instead of) a real channel such as WhatsApp. */
export const outbox = pgTable('outbox', {
  _id: id(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  body: text('body').notNull(),
  purpose: text('purpose').notNull(),
  status: text('status').notNull().default('queued'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  _id: id(),
  singleton: boolean('singleton').notNull().default(true).unique(),
  tax: numeric('tax', { precision: 5, scale: 2, mode: 'number' }).notNull().default(15),
  address: text('address').notNull().default(''),
  email: text('email').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  whatsappNumber: text('whatsapp_number').notNull().default(''),
  newCustomer: boolean('new_customer').notNull().default(true),
  newOrder: boolean('new_order').notNull().default(true),
  newPayment: boolean('new_payment').notNull().default(true),
  payPayment: boolean('pay_payment').notNull().default(true),
  maintenanceMode: boolean('maintenance_mode').notNull().default(false),
  companyName: text('company_name').notNull().default(''),
  vatNumber: text('vat_number').notNull().default(''),
  /** Seller data for e-invoices: commercial registration and the national address. */
  crNumber: text('cr_number').notNull().default(''),
  branchName: text('branch_name').notNull().default(''),
  vatGroupTin: text('vat_group_tin').notNull().default(''),
  businessCategory: text('business_category').notNull().default(''),
  sellerAddress: jsonb('seller_address').$type<NationalAddress | null>(),
  /** Four eyes: whoever recorded a payment cannot approve it (an admin may override with a reason). */
  fourEyes: boolean('four_eyes').notNull().default(true),
  /** When planned visits start (Riyadh clock) and how long one lasts by default. */
  visitDayStart: text('visit_day_start').notNull().default('08:00'),
  visitMinutes: integer('visit_minutes').notNull().default(60),
  /** Days no visit is planned on besides Fridays (`YYYY-MM-DD`): Eid, the National Day, the Founding Day. */
  holidays: jsonb('holidays').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

export const governments = pgTable('governments', {
  _id: id(),
  name: text('name').notNull().unique(),
  searchText: text('search_text').notNull().default(''),
  version: editVersion('version'),
  ...timestamps,
});

export const cities = pgTable(
  'cities',
  {
    _id: id(),
    name: text('name').notNull(),
    government: uuid('government_id')
      .notNull()
      .references(() => governments._id, { onDelete: 'restrict' }),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [uniqueIndex('cities_name_gov_key').on(t.government, t.name)],
);

export const paymentMethods = pgTable('payment_methods', {
  _id: id(),
  name: text('name').notNull().unique(),
  kind: text('kind').notNull(),
  details: text('details').notNull().default(''),
  active: boolean('active').notNull().default(true),
  searchText: text('search_text').notNull().default(''),
  version: editVersion('version'),
  ...timestamps,
});

export const activity = pgTable(
  'activity',
  {
    _id: id(),
    actor: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull().default(''),
    changes: jsonb('changes'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('activity_created_idx').on(t.createdAt),
    index('activity_entity_idx').on(t.entity, t.entityId),
    index('activity_actor_idx').on(t.actor),
  ],
);

/** A line's VAT category and ZATCA reason (packages/domain vat-categories.ts). */
const lineTaxColumns = () => ({
  vatCategory: text('vat_category').notNull().default('S'),
  vatExemptionCode: text('vat_exemption_code').notNull().default(''),
  vatExemptionReason: text('vat_exemption_reason').notNull().default(''),
});

export const services = pgTable(
  'services',
  {
    _id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price_halalas').notNull().default(sql`0`),
    active: boolean('active').notNull().default(true),
    /** The form filled on this service's tasks. */
    form: uuid('form_id').references(() => forms._id, { onDelete: 'restrict' }),
    ...lineTaxColumns(),
    unit: text('unit').notNull().default('piece'),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [uniqueIndex('services_name_key').on(t.name), index('services_form_idx').on(t.form)],
);

export const contracts = pgTable(
  'contracts',
  {
    _id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMonths: integer('duration_months').notNull(),
    visits: integer('visits').notNull().default(0),
    price: money('price_halalas').notNull().default(sql`0`),
    active: boolean('active').notNull().default(true),
    /** The checklist its visits carry. */
    form: uuid('form_id').references(() => forms._id, { onDelete: 'restrict' }),
    /** The service its customers' contracts are invoiced as (name on the line, VAT category, unit). */
    service: uuid('service_id').references(() => services._id, { onDelete: 'restrict' }),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [uniqueIndex('contracts_name_key').on(t.name)],
);

export const customers = pgTable(
  'customers',
  {
    _id: id(),
    name: text('name').notNull(),
    type: text('type').notNull().default('individual'),
    phoneNumber: text('phone_number').notNull(),
    whatsappNumber: text('whatsapp_number').notNull().default(''),
    email: text('email').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    crNumber: text('cr_number').notNull().default(''),
    government: uuid('government_id').references(() => governments._id, { onDelete: 'restrict' }),
    city: uuid('city_id').references(() => cities._id, { onDelete: 'restrict' }),
    buildingNumber: text('building_number').notNull().default(''),
    street: text('street').notNull().default(''),
    district: text('district').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    additionalNumber: text('additional_number').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** Overdue-balance reminders are not sent to this customer (stopped by a user). */
    remindersStopped: boolean('reminders_stopped').notNull().default(false),
    /** Kinds of visit message this customer declined (`messageOptOutKinds` in @idara/domain). */
    messageOptOuts: text('message_opt_outs').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by'),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_phone_number_key').on(t.phoneNumber),
    index('customers_city_idx').on(t.city),
    index('customers_government_idx').on(t.government),
    index('customers_created_idx').on(t.createdAt),
    index('customers_name_idx').on(t.name),
    index('customers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A customer's installed equipment: the register maintenance contracts and visits name. */
export const equipment = pgTable(
  'equipment',
  {
    _id: id(),
    name: text('name').notNull(),
    serialNumber: text('serial_number').notNull(),
    customer: uuid('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'restrict' }),
    model: text('model').notNull().default(''),
    installedAt: day('installed_at'),
    warrantyUntil: day('warranty_until'),
    notes: text('notes').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('equipment_serial_number_key').on(t.serialNumber),
    index('equipment_customer_idx').on(t.customer),
    index('equipment_installed_idx').on(t.installedAt),
    index('equipment_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Where the work is and who does it: a customer contract's, and each of its visits'. */
const siteColumns = () => ({
  customer: uuid('customer_id')
    .notNull()
    .references(() => customers._id, { onDelete: 'restrict' }),
  assignees: uuid('assignees').array().notNull().default(sql`'{}'::uuid[]`),
  equipment: uuid('equipment').array().notNull().default(sql`'{}'::uuid[]`),
  city: uuid('city_id').references(() => cities._id, { onDelete: 'restrict' }),
  address: text('address').notNull().default(''),
});

/** عقود العملاء: a contract type sold to one customer from a day; it plans its visits. */
export const customerContracts = pgTable(
  'customer_contracts',
  {
    _id: id(),
    number: integer('number').notNull(),
    ...siteColumns(),
    contract: uuid('contract_id')
      .notNull()
      .references(() => contracts._id, { onDelete: 'restrict' }),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    billing: text('billing').notNull().default('upfront'),
    billingPeriod: text('billing_period').notNull().default('month'),
    price: money('price_halalas').notNull(),
    /** active or cancelled as written; a contract past its end answers expired (the daily tick writes it). */
    status: text('status').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    /** The contract this one renews («تجديد»). */
    renewedFrom: uuid('renewed_from'),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customer_contracts_number_key').on(t.number),
    index('customer_contracts_customer_idx').on(t.customer),
    index('customer_contracts_end_idx').on(t.status, t.endDate),
    index('customer_contracts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * One invoice a customer contract owes (`billing.ts`): the start for upfront, each month or quarter
 * for per_period, each done visit for per_visit. One row per contract and period: claimed before the
 * order is written, so two ticks or two processes bill a period once.
 */
export const contractBills = pgTable(
  'contract_bills',
  {
    _id: id(),
    customerContract: uuid('customer_contract_id')
      .notNull()
      .references(() => customerContracts._id, { onDelete: 'restrict' }),
    period: integer('period').notNull(),
    order: uuid('order_id').references(() => orders._id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contract_bills_period_key').on(t.customerContract, t.period)],
);

/** الزيارات: one call at a customer's site, planned by a contract (its `sequence`) or booked alone. */
export const visits = pgTable(
  'visits',
  {
    _id: id(),
    number: integer('number').notNull(),
    ...siteColumns(),
    customerContract: uuid('customer_contract_id').references(() => customerContracts._id, {
      onDelete: 'restrict',
    }),
    /** Its place in its contract's plan (1…n): one visit per place, however often the plan runs. */
    sequence: integer('sequence'),
    scheduledAt: ts('scheduled_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    form: uuid('form_id').references(() => forms._id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('planned'),
    notes: text('notes').notNull().default(''),
    /** Why the office booked a technician over another visit of theirs (the double-booking override). */
    overrideReason: text('override_reason').notNull().default(''),
    /** Moved by the office: re-planning its contract leaves its time alone. */
    moved: boolean('moved').notNull().default(false),
    doneAt: ts('done_at'),
    doneBy: uuid('done_by'),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('visits_number_key').on(t.number),
    uniqueIndex('visits_contract_sequence_key').on(t.customerContract, t.sequence),
    index('visits_scheduled_idx').on(t.scheduledAt),
    index('visits_customer_idx').on(t.customer),
    index('visits_status_idx').on(t.status, t.scheduledAt),
    index('visits_assignees_idx').using('gin', t.assignees),
    index('visits_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * What a technician's phone did to a visit, each once: a step, a form's answers, an upload begun.
 * `client_action_id` is the phone's own id for the action, unique, so a replay — however often, and
 * two at once — finds the first one and answers what it answered (`answer_status`, `answer`).
 */
export const visitActions = pgTable(
  'visit_actions',
  {
    _id: id(),
    clientActionId: uuid('client_action_id').notNull(),
    visit: uuid('visit_id')
      .notNull()
      .references(() => visits._id, { onDelete: 'cascade' }),
    /** status, answers or upload. */
    kind: text('kind').notNull(),
    /** The step taken (kind `status`). */
    status: text('status'),
    actor: uuid('actor_id').notNull(),
    /** The device's time of the action, beside the server's `received_at`. */
    at: ts('at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    /** Where the device was: {lat, lng, accuracy?}. */
    location: jsonb('location').$type<{ lat: number; lng: number; accuracy?: number }>(),
    note: text('note').notNull().default(''),
    /** The first answer, given again to every replay. */
    answerStatus: integer('answer_status'),
    answer: jsonb('answer'),
  },
  (t) => [
    uniqueIndex('visit_actions_client_action_key').on(t.clientActionId),
    index('visit_actions_visit_idx').on(t.visit, t.receivedAt),
  ],
);

/** A visit's checklist answers, appended, never changed: a field's answer is its latest row. */
export const visitAnswers = pgTable(
  'visit_answers',
  {
    _id: id(),
    visit: uuid('visit_id')
      .notNull()
      .references(() => visits._id, { onDelete: 'cascade' }),
    /** The phone's action that sent it. */
    action: uuid('action_id')
      .notNull()
      .references(() => visitActions._id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    value: jsonb('value').$type<AnswerValue>(),
    /** The form's version the answer was checked against. */
    formVersion: integer('form_version').notNull(),
    answeredBy: uuid('answered_by').notNull(),
    at: ts('at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('visit_answers_visit_field_idx').on(t.visit, t.field, t.receivedAt)],
);

/**
 * A visit's photos, files and the customer's signature, uploaded resumably (tus) from the phone:
 * a row from the upload's creation, its bytes appended chunk by chunk (`received` of `length`),
 * checked and `completed_at` once whole. Only completed rows are the visit's files; never changed after.
 */
export const visitFiles = pgTable(
  'visit_files',
  {
    _id: id(),
    visit: uuid('visit_id')
      .notNull()
      .references(() => visits._id, { onDelete: 'cascade' }),
    /** The phone's action that created the upload: one file however often the creation is sent. */
    action: uuid('action_id')
      .notNull()
      .references(() => visitActions._id, { onDelete: 'cascade' }),
    /** The checklist field it answers (a file or signature field). */
    field: text('field').notNull(),
    name: text('name').notNull(),
    /** What its first bytes say it is (the phone's claim is not trusted). */
    type: text('type').notNull().default(''),
    length: integer('length').notNull(),
    received: integer('received').notNull().default(0),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [uniqueIndex('visit_files_action_key').on(t.action), index('visit_files_visit_idx').on(t.visit)],
);

/**
 * A customer's rating of a done visit (1–5 and a comment), by WhatsApp reply button or the signed
 * rating page: one per visit, the score given once (modules/visit-messages/ratings.ts).
 */
export const visitRatings = pgTable(
  'visit_ratings',
  {
    _id: id(),
    visit: uuid('visit_id')
      .notNull()
      .references(() => visits._id, { onDelete: 'cascade' }),
    customer: uuid('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'restrict' }),
    customerContract: uuid('customer_contract_id').references(() => customerContracts._id, {
      onDelete: 'set null',
    }),
    /** The visit's team when it was rated: each technician's ratings in the reports. */
    technicians: uuid('technicians').array().notNull().default(sql`'{}'::uuid[]`),
    score: integer('score').notNull(),
    comment: text('comment').notNull().default(''),
    /** whatsapp (a reply button) or link (the rating page). */
    channel: text('channel').notNull(),
    ratedAt: ts('rated_at').notNull().defaultNow(),
    commentedAt: ts('commented_at'),
  },
  (t) => [
    uniqueIndex('visit_ratings_visit_key').on(t.visit),
    index('visit_ratings_contract_idx').on(t.customerContract),
    index('visit_ratings_technicians_idx').using('gin', t.technicians),
    check('visit_ratings_score_check', sql`${t.score} between 1 and 5`),
  ],
);

/** Gap-free numbering: one row per sequence, incremented inside the transaction that uses it. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export const orders = pgTable(
  'orders',
  {
    _id: id(),
    number: integer('number').notNull(),
    customer: uuid('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'restrict' }),
    contract: uuid('contract_id').references(() => contracts._id, { onDelete: 'restrict' }),
    city: uuid('city_id').references(() => cities._id, { onDelete: 'restrict' }),
    address: text('address').notNull().default(''),
    status: text('status').notNull().default('new'),
    assignees: uuid('assignees').array().notNull().default(sql`'{}'::uuid[]`),
    scheduledAt: ts('scheduled_at'),
    /** When the order was completed: the supply date on its tax invoice. */
    completedAt: ts('completed_at'),
    startDate: day('start_date'),
    endDate: day('end_date'),
    subtotal: money('subtotal_halalas').notNull(),
    discount: money('discount_halalas').notNull().default(sql`0`),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    taxAmount: money('tax_halalas').notNull(),
    total: money('total_halalas').notNull(),
    /** Σ payments marked paid. */
    paid: money('paid_halalas').notNull().default(sql`0`),
    /** Σ issued invoices + debit notes − credit notes for this order (einvoices not rejected). */
    invoiced: money('invoiced_halalas').notNull().default(sql`0`),
    /** Σ debit notes − credit notes (not rejected): the order's value is total + adjusted. */
    adjusted: money('adjusted_halalas').notNull().default(sql`0`),
    /** value − Σ payments not rejected: what may still be requested. */
    balance: money('balance_halalas').notNull(),
    // The figures of packages/domain receivables.ts, kept by PostgreSQL so lists sort and sum them.
    pending: money('pending_halalas')
      .notNull()
      .generatedAlwaysAs(sql`total_halalas + adjusted_halalas - balance_halalas - paid_halalas`),
    outstanding: money('outstanding_halalas')
      .notNull()
      .generatedAlwaysAs(sql`invoiced_halalas - paid_halalas`),
    uninvoiced: money('uninvoiced_halalas')
      .notNull()
      .generatedAlwaysAs(
        sql`case when status = 'cancelled' then 0 else total_halalas + adjusted_halalas - invoiced_halalas end`,
      ),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by'),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_customer_idx').on(t.customer),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_city_idx').on(t.city),
    index('orders_created_idx').on(t.createdAt),
    index('orders_assignees_idx').using('gin', t.assignees),
    index('orders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    _id: id(),
    order: uuid('order_id')
      .notNull()
      .references(() => orders._id, { onDelete: 'cascade' }),
    service: uuid('service_id')
      .notNull()
      .references(() => services._id, { onDelete: 'restrict' }),
    /** The service's name when the order was written (an invoice keeps what was sold). */
    name: text('name').notNull(),
    /** Thousandths where the unit is measured (units.ts). */
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull().default('piece'),
    unitPrice: money('unit_price_halalas').notNull(),
    lineTotal: money('line_total_halalas').notNull(),
    ...lineTaxColumns(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.order, t.position),
    index('order_items_service_idx').on(t.service),
  ],
);

export const payments = pgTable(
  'payments',
  {
    _id: id(),
    /** Invoice number: sequential and gap-free across the system (counters row 'invoice'). */
    number: integer('number').notNull(),
    order: uuid('order_id')
      .notNull()
      .references(() => orders._id, { onDelete: 'restrict' }),
    customer: uuid('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'restrict' }),
    amount: money('amount_halalas').notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    taxAmount: money('tax_halalas').notNull(),
    paymentMethod: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods._id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('pending'),
    dueDate: day('due_date'),
    paidAt: ts('paid_at'),
    requestedBy: uuid('requested_by'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    rejectionReason: text('rejection_reason').notNull().default(''),
    note: text('note').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_number_key').on(t.number),
    index('payments_order_idx').on(t.order),
    index('payments_customer_idx').on(t.customer),
    index('payments_status_idx').on(t.status, t.createdAt),
    index('payments_method_idx').on(t.paymentMethod),
    index('payments_paid_at_idx').on(t.paidAt),
    index('payments_created_idx').on(t.createdAt),
    index('payments_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const forms = pgTable(
  'forms',
  {
    _id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** The current version; its fields are in form_versions. */
    version: integer('version').notNull().default(1),
    fieldCount: integer('field_count').notNull().default(0),
    createdBy: uuid('created_by'),
    searchText: text('search_text').notNull().default(''),
    /** Bumped by every save, for If-Match (`version` above is the form-fields version). */
    rowVersion: editVersion('row_version'),
    ...timestamps,
  },
  (t) => [index('forms_title_idx').on(t.title), index('forms_updated_idx').on(t.updatedAt)],
);

/** Every version a form had: a task that answered version N keeps reading version N. */
export const formVersions = pgTable(
  'form_versions',
  {
    _id: id(),
    form: uuid('form_id')
      .notNull()
      .references(() => forms._id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_versions_form_version_key').on(t.form, t.version)],
);

export const tasks = pgTable(
  'tasks',
  {
    _id: id(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('pending'),
    assignee: uuid('assignee_id')
      .notNull()
      .references(() => users._id, { onDelete: 'restrict' }),
    dueAt: ts('due_at'),
    order: uuid('order_id').references(() => orders._id, { onDelete: 'set null' }),
    customer: uuid('customer_id').references(() => customers._id, { onDelete: 'restrict' }),
    form: uuid('form_id').references(() => forms._id, { onDelete: 'restrict' }),
    /** The form version answered; set when answers are first saved, null before. */
    formVersion: integer('form_version'),
    answers: jsonb('answers').$type<Answers>().notNull().default(sql`'{}'::jsonb`),
    startedAt: ts('started_at'),
    submittedAt: ts('submitted_at'),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: uuid('reviewed_by'),
    reviewNote: text('review_note').notNull().default(''),
    createdBy: uuid('created_by'),
    searchText: text('search_text').notNull().default(''),
    version: editVersion('version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tasks_number_key').on(t.number),
    index('tasks_assignee_idx').on(t.assignee, t.status),
    index('tasks_status_idx').on(t.status, t.createdAt),
    index('tasks_due_idx').on(t.dueAt),
    index('tasks_order_idx').on(t.order),
    index('tasks_customer_idx').on(t.customer),
    index('tasks_form_idx').on(t.form, t.formVersion),
    index('tasks_created_idx').on(t.createdAt),
    index('tasks_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Photos, files and signatures answering a task's form; kept in the database so a write is atomic. */
export const taskFiles = pgTable(
  'task_files',
  {
    _id: id(),
    task: uuid('task_id')
      .notNull()
      .references(() => tasks._id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('task_files_task_idx').on(t.task)],
);

/** A user's notifications (spec §3): stored first, then pushed to their sockets. */
export const notifications = pgTable(
  'notifications',
  {
    _id: id(),
    recipient: uuid('recipient_id')
      .notNull()
      .references(() => users._id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link').notNull().default(''),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipient, t.createdAt),
    index('notifications_unread_idx').on(t.recipient).where(sql`${t.read} = false`),
  ],
);

/** WhatsApp messages with customers, both ways; `customer` is null for numbers not yet known. */
export const messages = pgTable(
  'messages',
  {
    _id: id(),
    customer: uuid('customer_id').references(() => customers._id, { onDelete: 'cascade' }),
    /** The customer's number, E.164. */
    phone: text('phone').notNull(),
    direction: text('direction').notNull(),
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull().default(''),
    template: text('template'),
    templateParams: jsonb('template_params').$type<Record<string, string>>(),
    media: jsonb('media').$type<{
      type: string;
      link?: string;
      id?: string;
      caption?: string;
      fileName?: string;
    }>(),
    status: text('status').notNull().default('queued'),
    /** 'whatsapp' when sent through the Cloud API, 'outbox' when no credentials are configured. */
    channel: text('channel').notNull(),
    providerId: text('provider_id'),
    /** The client's key for one send: the same key twice is one message, sent once. */
    idempotencyKey: uuid('idempotency_key'),
    error: text('error').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** Set when a sender takes the message: a claimed message is never taken (and sent) again. */
    claimedAt: ts('claimed_at'),
    purpose: text('purpose').notNull().default('conversation'),
    /** What a staff send was about, when it may not be repeated soon ('statement:<from>:<to>'). */
    topic: text('topic').notNull().default(''),
    sentBy: uuid('sent_by'),
    statusAt: ts('status_at'),
    ...timestamps,
  },
  (t) => [
    index('messages_customer_idx').on(t.customer, t.createdAt),
    index('messages_phone_idx').on(t.phone, t.createdAt),
    uniqueIndex('messages_provider_id_key').on(t.providerId),
    uniqueIndex('messages_idempotency_key').on(t.idempotencyKey),
  ],
);

/** Server-side secrets made on first use (e.g. the key that signs customers' invoice links). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Issued e-invoice documents: tax invoices, credit notes and debit notes, frozen at issue. `seq` is
 * gap-free across every document (counters row 'einvoice') and is the ICV of phase-2 documents;
 * `hash` chains each phase-2 document to the one before (`previousHash`).
 */
export const einvoices = pgTable(
  'einvoices',
  {
    _id: id(),
    kind: text('kind').notNull(),
    scope: text('scope').notNull(),
    phase: integer('phase').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    uuid: uuid('uuid').notNull(),
    order: uuid('order_id')
      .notNull()
      .references(() => orders._id, { onDelete: 'restrict' }),
    customer: uuid('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'restrict' }),
    /** Phase-1 documents were one per payment. */
    payment: uuid('payment_id').references(() => payments._id, { onDelete: 'restrict' }),
    /** Credit and debit notes: the invoice they correct. */
    corrects: uuid('corrects_id'),
    reason: text('reason').notNull().default(''),
    snapshot: jsonb('snapshot').$type<EinvoiceSnapshot>().notNull(),
    /** From the snapshot, for lists and exports. */
    buyerName: text('buyer_name').notNull().default(''),
    orderNumber: integer('order_number').notNull().default(0),
    /** VAT-inclusive total and its VAT, positive for every kind (the kind says which way it counts). */
    total: money('total_halalas').notNull(),
    vatAmount: money('vat_halalas').notNull(),
    /** Nets of its zero-rated, exempt and out-of-scope groups (the VAT return's rows; the rest is standard-rated). */
    zeroRated: money('zero_rated_halalas').notNull().default(sql`0`),
    exempt: money('exempt_halalas').notNull().default(sql`0`),
    outOfScope: money('out_of_scope_halalas').notNull().default(sql`0`),
    issuedAt: ts('issued_at').notNull(),
    issuedBy: uuid('issued_by'),
    previousHash: text('previous_hash'),
    hash: text('hash'),
    qr: text('qr'),
    /** The signed XML as issued, replaced by the XML ZATCA returns on clearance. */
    xml: text('xml'),
    status: text('status').notNull(),
    /** ZATCA's validation messages (warnings and errors), as returned. */
    zatcaMessages: jsonb('zatca_messages')
      .$type<{ type: string; code: string; category?: string; message: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    submittedAt: ts('submitted_at'),
    /** When the customer was sent this document (once). */
    customerNotifiedAt: ts('customer_notified_at'),
    searchText: text('search_text').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('einvoices_seq_key').on(t.seq),
    uniqueIndex('einvoices_number_key').on(t.number),
    uniqueIndex('einvoices_uuid_key').on(t.uuid),
    index('einvoices_order_idx').on(t.order),
    index('einvoices_customer_idx').on(t.customer),
    index('einvoices_payment_idx').on(t.payment),
    index('einvoices_corrects_idx').on(t.corrects),
    index('einvoices_issued_idx').on(t.issuedAt),
    index('einvoices_status_idx').on(t.status, t.issuedAt),
    index('einvoices_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The company's e-invoicing identity: the EGS key pair and the certificate ZATCA issued for it
 * (compliance, then production CSID), or a local test certificate before onboarding. The private
 * key and the CSID secret are stored encrypted (AES-256-GCM, lib/secret-box.ts).
 */
export const zatcaCredentials = pgTable('zatca_credentials', {
  _id: id(),
  /** local-test | compliance | production */
  kind: text('kind').notNull(),
  /** developer-portal | simulation | core | local */
  environment: text('environment').notNull(),
  privateKey: text('private_key_enc').notNull(),
  certificate: text('certificate').notNull(),
  /** The CSID secret (binarySecurityToken's password), encrypted; '' for local-test. */
  secret: text('secret_enc').notNull().default(''),
  requestId: text('request_id').notNull().default(''),
  expiresAt: ts('expires_at'),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  ...timestamps,
});

/**
 * Documents waiting to be reported (simplified) or cleared (standard): one row per document, taken
 * by one node at a time (`lockedUntil`), retried with backoff, done once.
 */
export const einvoiceSubmissions = pgTable(
  'einvoice_submissions',
  {
    _id: id(),
    einvoice: uuid('einvoice_id')
      .notNull()
      .references(() => einvoices._id, { onDelete: 'restrict' }),
    /** report | clear */
    action: text('action').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error').notNull().default(''),
    doneAt: ts('done_at'),
    /** When those who connect were told a simplified document is near the 24-hour limit (once). */
    overdueNotifiedAt: ts('overdue_notified_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('einvoice_submissions_einvoice_key').on(t.einvoice),
    index('einvoice_submissions_due_idx').on(t.doneAt, t.nextAttemptAt),
  ],
);

/** Reminder rules for overdue balances (packages/domain reminders.ts); off until enabled. */
export const reminderRules = pgTable('reminder_rules', {
  _id: id(),
  name: text('name').notNull(),
  daysAfterDue: integer('days_after_due').notNull(),
  repeatEveryDays: integer('repeat_every_days').notNull().default(0),
  windowStart: text('window_start').notNull(),
  windowEnd: text('window_end').notNull(),
  template: text('template').notNull().default(''),
  enabled: boolean('enabled').notNull().default(false),
  ...timestamps,
});

/**
 * One row per reminder sent, written in the transaction that queues its message: the unique key
 * (rule, document, occurrence) is what keeps two ticks or two processes from sending it twice.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    _id: id(),
    rule: uuid('rule_id')
      .notNull()
      .references(() => reminderRules._id, { onDelete: 'cascade' }),
    einvoice: uuid('einvoice_id')
      .notNull()
      .references(() => einvoices._id, { onDelete: 'restrict' }),
    occurrence: integer('occurrence').notNull(),
    customer: uuid('customer_id')
      .notNull()
      .references(() => customers._id, { onDelete: 'restrict' }),
    message: uuid('message_id').references(() => messages._id, { onDelete: 'set null' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_sends_rule_einvoice_occurrence_key').on(t.rule, t.einvoice, t.occurrence),
    index('reminder_sends_customer_idx').on(t.customer),
  ],
);

/**
 * One row per notice the contracts-and-visits tick sends (modules/visit-notice), written in the
 * transaction that queues it: the unique (kind, subject) is what keeps two ticks or two processes
 * from sending it twice.
 */
export const noticeSends = pgTable(
  'notice_sends',
  {
    _id: id(),
    /** visit_confirmation, contract_renewal, unassigned_visits, or a visit's step told its customer (visit_on_the_way, visit_done, visit_rating). */
    kind: text('kind').notNull(),
    /** What it is about: `<visit id>@<day>`, a contract's id, or the day whose visits lack a team. */
    subject: text('subject').notNull(),
    /** The WhatsApp message it queued (none for the office's notice). */
    message: uuid('message_id').references(() => messages._id, { onDelete: 'set null' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notice_sends_kind_subject_key').on(t.kind, t.subject)],
);

// The home dashboard's totals, kept exact by triggers of migration 0017 as orders, their lines and
// payments change, so the dashboard reads a few hundred rows whatever the number of orders.

/** Orders per status and what is outstanding on them (rows may hold 0 orders). */
export const dashboardOrderStatus = pgTable('dashboard_order_status', {
  status: text('status').primaryKey(),
  orders: bigint('orders', { mode: 'number' }).notNull(),
  outstanding: bigint('outstanding_halalas', { mode: 'number' }).notNull(),
});

/** Lines of orders not cancelled, per service and the name the line was written with. */
export const dashboardServiceSales = pgTable(
  'dashboard_service_sales',
  {
    service: uuid('service_id').notNull(),
    name: text('name').notNull(),
    lines: bigint('lines', { mode: 'number' }).notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3, mode: 'number' }).notNull(),
    lineTotal: bigint('line_total_halalas', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.name] })],
);

/** Payments marked paid, per Riyadh calendar day of their paid_at. */
export const dashboardPaidDays = pgTable('dashboard_paid_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  amount: bigint('amount_halalas', { mode: 'number' }).notNull(),
});
