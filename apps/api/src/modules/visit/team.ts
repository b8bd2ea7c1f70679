import { type EntityNoun, formatDateTime, openVisitStatuses } from '@idara/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers, equipment, users, visits } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';

const EQUIPMENT: EntityNoun = { noun: 'المعدّة', gender: 'f' };

/** Each of a team is an active employee: 422 on `assignees` naming the first who is not. */
export async function assertTeam(tx: Tx, assignees: readonly string[]) {
  if (!assignees.length) return;
  const found = await tx
    .select({ _id: users._id, name: users.name, active: users.active })
    .from(users)
    .where(inArray(users._id, [...assignees]));
  for (const id of assignees) {
    const user = found.find((u) => u._id === id);
    if (!user) throw fieldError('assignees', 'أحد أفراد الفريق ليس موظفاً مسجلاً');
    if (!user.active) throw fieldError('assignees', `الموظف «${user.name}» موقوف ولا يُسند إليه عمل`);
  }
}

/** The equipment named is the customer's own (the equipment register). */
export async function assertEquipmentOf(tx: Tx, customer: string, ids: readonly string[]) {
  if (!ids.length) return;
  const found = await tx
    .select({ _id: equipment._id, customer: equipment.customer, name: equipment.name })
    .from(equipment)
    .where(inArray(equipment._id, [...ids]));
  if (found.length !== ids.length) throw fieldError('equipment', `${EQUIPMENT.noun} المختارة غير موجودة`);
  const other = found.find((e) => e.customer !== customer);
  if (other) throw fieldError('equipment', `المعدّة «${other.name}» ليست من معدات هذا العميل`);
}

export interface Booking {
  /** The visit being written (left out of the clash), absent for a new one. */
  visitId?: string;
  assignees: readonly string[];
  scheduledAt: Date;
  durationMinutes: number;
}

/**
 * No technician on two visits at once: 409 naming who, which visit and when. The team's user rows
 * are locked first, so two dispatchers booking one technician at the same moment are taken in turn
 * and the second sees the first's visit.
 */
export async function assertNoClash(tx: Tx, booking: Booking) {
  if (!booking.assignees.length) return;
  const team = [...booking.assignees].sort();
  await tx.select({ _id: users._id }).from(users).where(inArray(users._id, team)).for('update');
  const start = booking.scheduledAt;
  const end = new Date(start.getTime() + booking.durationMinutes * 60_000);
  const where: SQL[] = [
    sql`${visits.assignees} && array[${sql.join(
      team.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`,
    inArray(visits.status, [...openVisitStatuses]),
    sql`${visits.scheduledAt} < ${end.toISOString()}::timestamptz`,
    sql`${visits.scheduledAt} + make_interval(mins => ${visits.durationMinutes}) > ${start.toISOString()}::timestamptz`,
  ];
  if (booking.visitId) where.push(ne(visits._id, booking.visitId));
  const [clash] = await tx
    .select({
      _id: visits._id,
      number: visits.number,
      scheduledAt: visits.scheduledAt,
      durationMinutes: visits.durationMinutes,
      assignees: visits.assignees,
      customerName: customers.name,
    })
    .from(visits)
    .innerJoin(customers, eq(customers._id, visits.customer))
    .where(and(...where))
    .orderBy(visits.scheduledAt)
    .limit(1);
  if (!clash) return;
  const who = clash.assignees.find((id) => team.includes(id)) as string;
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users._id, who));
  const clashEnd = new Date(clash.scheduledAt.getTime() + clash.durationMinutes * 60_000);
  throw new AppError(
    409,
    `«${user.name}» في الزيارة رقم ${clash.number} لدى «${clash.customerName}» من ${formatDateTime(clash.scheduledAt)} إلى ${formatDateTime(clashEnd)}، وتتداخل مع هذا الموعد`,
    {
      fieldErrors: { assignees: 'تعارض في جدول الفني' },
      clash: {
        visit: clash._id,
        number: clash.number,
        user: who,
        userName: user.name,
        scheduledAt: clash.scheduledAt.toISOString(),
        durationMinutes: clash.durationMinutes,
      },
    },
  );
}
