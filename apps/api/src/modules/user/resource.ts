import { formatSaudiPhoneLocal, normalizeArabic, roleNames } from '@idara/domain';
import { users } from '../../db/schema';
import { filtersOn, listResource } from '../../http/list-parts';

export const userFields = {
  _id: users._id,
  name: users.name,
  phoneNumber: users.phoneNumber,
  email: users.email,
  jobTitle: users.jobTitle,
  gender: users.gender,
  role: users.role,
  permissions: users.permissions,
  active: users.active,
  version: users.version,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const userResource = listResource(users, userFields, {
  filters: filtersOn(users, { enum: { role: roleNames }, boolean: ['active'], date: ['createdAt'] }),
  defaultSort: 'name',
  maxLimit: 1000,
});

export function userSearchText(u: { name: string; phoneNumber: string; email?: string; jobTitle?: string }) {
  return normalizeArabic(
    [u.name, u.phoneNumber, formatSaudiPhoneLocal(u.phoneNumber), u.email, u.jobTitle].join(' '),
  );
}
