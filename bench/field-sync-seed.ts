/**
 * The field-sync bench's data (bench/field-sync.ts), written fast but as the app writes it:
 * technicians with the `technician` preset, one customer per visit with one piece of equipment and
 * one done visit a month ago (the working set's «last visit»), and each technician's day of eight
 * visits today in Riyadh, every one with the same checklist. Bulk inserts; the checklist through the
 * app's own route, so it is stored as the form builder stores it.
 */
import { normalizeArabic, riyadhDayOf, rolePresets, visitInstant } from '@idara/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bulkInsert } from '../apps/api/src/db/bulk-insert';
import type { Database } from '../apps/api/src/db/client';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { demoName } from '../apps/api/src/db/demo-names';
import { customers, equipment, users, visits } from '../apps/api/src/db/schema';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { userSearchText } from '../apps/api/src/modules/user/resource';

export const VISITS_A_DAY = 8;
export const PHOTOS_A_VISIT = 3;
export const TECHNICIAN_PASSWORD = 'Field@12345';
/** A technician's sign-in number: 054 and seven digits. */
export const technicianPhone = (i: number) => `054${String(i).padStart(7, '0')}`;

/** A maintenance visit's checklist: a section, a state, readings, a note, photos and the signature. */
export const CHECKLIST = [
  { key: 'head', type: 'section', label: 'فحص المكيف' },
  {
    key: 'state',
    type: 'select',
    label: 'حالة الوحدة',
    required: true,
    options: ['جيدة', 'تحتاج صيانة', 'معطلة'],
  },
  { key: 'units', type: 'number', label: 'عدد الوحدات', min: 1, max: 20 },
  { key: 'pressure', type: 'number', label: 'ضغط الفريون (psi)', min: 0, max: 600 },
  { key: 'filters', type: 'checkbox', label: 'نُظّفت الفلاتر' },
  { key: 'note', type: 'text', label: 'ملاحظات الفني' },
  { key: 'photo', type: 'file', label: 'صور الوحدة' },
  { key: 'sign', type: 'signature', label: 'توقيع العميل' },
];

/** The answers a technician sends for a visit (one post). */
export const DAY_ANSWERS = {
  state: 'جيدة',
  units: 3,
  pressure: 120,
  filters: true,
  note: 'نُظّفت الفلاتر وفُحص الضغط، الوحدات تعمل جيداً',
};

export interface SeededTechnician {
  _id: string;
  name: string;
  phone: string;
  /** The day's visits in time order. */
  visits: { _id: string; customer: string }[];
}

export async function seedFieldDay(
  database: Database,
  app: FastifyInstance,
  adminToken: string,
  count: number,
): Promise<{ technicians: SeededTechnician[]; form: string }> {
  const { db } = database;
  const made = await app.inject({
    method: 'POST',
    url: '/api/form',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { title: 'صيانة مكيف', fields: CHECKLIST },
  });
  if (made.statusCode !== 201) throw new Error(`field-sync seed: form ${made.statusCode} ${made.body}`);
  const form = made.json()._id as string;

  const passwordHash = await hashPassword(TECHNICIAN_PASSWORD);
  const techRows = Array.from({ length: count }, (_, i) => {
    const u = {
      name: `${demoName(i)} ${i + 1}`,
      phoneNumber: `+9665${technicianPhone(i).slice(2)}`,
      role: 'technician',
      jobTitle: 'فني تكييف',
      permissions: [...rolePresets.technician.permissions],
      passwordHash,
    };
    return { ...u, searchText: userSearchText(u) };
  });
  const techs = await db
    .insert(users)
    .values(techRows)
    .returning({ _id: users._id, name: users.name, phone: users.phoneNumber });

  const customerCount = count * VISITS_A_DAY;
  await insertDemoCustomers(db, customerCount);
  const people = await db
    .select({
      _id: customers._id,
      city: customers.city,
      district: customers.district,
      street: customers.street,
    })
    .from(customers)
    .orderBy(customers.phoneNumber);
  await bulkInsert(
    db,
    equipment,
    people.map((c, i) => ({
      name: 'مكيف سبليت 24 ألف وحدة',
      serialNumber: `FS-${String(i).padStart(7, '0')}`,
      customer: c._id,
      model: 'Gree Pular 24',
      installedAt: '2024-05-01',
      warrantyUntil: '2027-05-01',
      searchText: normalizeArabic(`مكيف سبليت FS-${i}`),
    })),
  );
  const gear = await db.select({ _id: equipment._id, customer: equipment.customer }).from(equipment);
  const gearOf = new Map(gear.map((g) => [g.customer, g._id]));

  const today = riyadhDayOf(new Date());
  const monthAgo = riyadhDayOf(new Date(Date.now() - 30 * 86_400_000));
  const rows: (typeof visits.$inferInsert)[] = [];
  let number = 0;
  techs.forEach((tech, t) => {
    for (let k = 0; k < VISITS_A_DAY; k++) {
      const c = people[t * VISITS_A_DAY + k];
      const site = {
        customer: c._id,
        assignees: [tech._id],
        equipment: [gearOf.get(c._id)!],
        city: c.city,
        address: `${c.district}، ${c.street}`,
        form,
        durationMinutes: 60,
      };
      // Eight slots from 08:00, seventy-five minutes apart; the previous visit a month ago, done.
      const time = `${String(8 + Math.floor((k * 75) / 60)).padStart(2, '0')}:${String((k * 75) % 60).padStart(2, '0')}`;
      const past = visitInstant(monthAgo, time);
      number++;
      rows.push({
        ...site,
        number,
        scheduledAt: past,
        status: 'done',
        doneAt: new Date(past.getTime() + 3_600_000),
        doneBy: tech._id,
        notes: 'تسريب بسيط في الوحدة الخارجية، يُراجع في الزيارة القادمة',
        searchText: normalizeArabic(`${number}`),
      });
      number++;
      rows.push({
        ...site,
        number,
        scheduledAt: visitInstant(today, time),
        status: 'planned',
        doneAt: null,
        doneBy: null,
        notes: '',
        searchText: normalizeArabic(`${number}`),
      });
    }
  });
  await bulkInsert(db, visits, rows);
  await db.execute(
    sql`insert into counters (name, value) values ('visit', ${number})
        on conflict (name) do update set value = excluded.value`,
  );
  if (database.kind === 'pglite') await database.analyze({ vacuum: true });
  else await database.rawQuery('vacuum analyze', []);

  const day = (await database.rawQuery(
    `select id, customer_id, assignees[1] as tech from visits where status = 'planned' order by scheduled_at, number`,
    [],
  )) as { id: string; customer_id: string; tech: string }[];
  const byTech = new Map<string, { _id: string; customer: string }[]>();
  for (const v of day)
    byTech.set(v.tech, [...(byTech.get(v.tech) ?? []), { _id: v.id, customer: v.customer_id }]);
  return {
    form,
    technicians: techs.map((t) => ({ ...t, visits: byTech.get(t._id) ?? [] })),
  };
}
