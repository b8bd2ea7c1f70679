import { normalizeArabic, normalizeSaudiPhone, rolePresets, settingsDefaults } from '@idara/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import { userSearchText } from '../modules/user/resource';
import type { Db } from './client';
import { cities, governments, paymentMethods, roles, settings, users } from './schema';
import { saudiRegions, seedPaymentMethods } from './seed-data';

export interface AdminSeed {
  phone: string;
  password: string;
  name: string;
}

/**
 * Fills an empty database once: settings, role presets, the admin, regions and cities, payment
 * methods. The settings row doubles as the marker, and it is all one transaction, so a second start
 * (or a crash half-way) never duplicates anything. Returns whether it seeded.
 */
export async function seedIfEmpty(db: Db, admin: AdminSeed): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(settings);
  if (count > 0) return false;
  const phoneNumber = normalizeSaudiPhone(admin.phone);
  if (!phoneNumber) throw new Error(`ADMIN_PHONE is not a Saudi mobile number: ${admin.phone}`);
  const passwordHash = await hashPassword(admin.password);

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(settings)
      .values({ ...settingsDefaults })
      .onConflictDoNothing()
      .returning({ _id: settings._id });
    if (inserted.length === 0) return false; // another process seeded first

    await tx.insert(roles).values(
      Object.entries(rolePresets).map(([name, preset]) => ({
        name,
        label: preset.label,
        permissions: preset.permissions,
      })),
    );
    const adminValues = {
      name: admin.name,
      phoneNumber,
      email: '',
      jobTitle: 'مدير النظام',
      role: 'admin',
      permissions: rolePresets.admin.permissions,
      passwordHash,
    };
    await tx.insert(users).values({ ...adminValues, searchText: userSearchText(adminValues) });

    for (const region of saudiRegions) {
      const [gov] = await tx
        .insert(governments)
        .values({ name: region.name, searchText: normalizeArabic(region.name) })
        .returning({ _id: governments._id });
      await tx
        .insert(cities)
        .values(
          region.cities.map((name) => ({ name, government: gov._id, searchText: normalizeArabic(name) })),
        );
    }
    await tx
      .insert(paymentMethods)
      .values(seedPaymentMethods.map((m) => ({ ...m, searchText: normalizeArabic(m.name) })));
    return true;
  });
}
