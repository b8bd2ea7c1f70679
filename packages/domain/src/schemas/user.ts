import { z } from 'zod';
import { isKnownPermission, roleNames } from '../permissions';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from './common';

export const roleSchema = z.enum(roleNames as [string, ...string[]], { message: 'الدور غير معروف' });

export const permissionsSchema = z
  .array(z.string().refine(isKnownPermission, { message: 'صلاحية غير معروفة' }))
  .max(200)
  .transform((list) => [...new Set(list)]);

const jobTitleSchema = z.string().trim().max(100);

/** A person's grammatical gender: sentences with them as subject agree with it («سجّلت سارة»). */
export const personGenders = ['male', 'female'] as const;
export type PersonGender = (typeof personGenders)[number];
export const personGenderLabels: Record<PersonGender, string> = { male: 'ذكر', female: 'أنثى' };
export const genderSchema = z.enum(personGenders, { message: 'اختر ذكراً أو أنثى' });

export const userCreateBody = z.object({
  name: nameSchema,
  phoneNumber: phoneSchema,
  email: emailSchema.optional().default(''),
  jobTitle: jobTitleSchema.optional().default(''),
  // The screen asks it; API callers of the original specification may leave it out.
  gender: genderSchema.optional().default('male'),
  role: roleSchema,
  permissions: permissionsSchema.optional(),
  password: passwordSchema,
  active: z.boolean().optional().default(true),
});

/**
 * A partial edit: what is absent stays as it is. Written out rather than `.partial()` of the create
 * body, whose defaults zod would apply inside it (`{password}` re-enabled a disabled user and blanked
 * their email and job title).
 */
export const userUpdateBody = z.object({
  name: nameSchema.optional(),
  phoneNumber: phoneSchema.optional(),
  email: emailSchema.optional(),
  jobTitle: jobTitleSchema.optional(),
  gender: genderSchema.optional(),
  role: roleSchema.optional(),
  permissions: permissionsSchema.optional(),
  active: z.boolean().optional(),
  password: passwordSchema.optional(),
});

/** Your own name and email; an absent email stays as it is (a partial edit changes only what it names). */
export const profileUpdateBody = z.object({
  name: nameSchema,
  email: emailSchema.optional(),
  gender: genderSchema.optional(),
});

export const publicUserFields = [
  '_id',
  'name',
  'phoneNumber',
  'email',
  'jobTitle',
  'gender',
  'role',
  'permissions',
  'active',
  'lastLoginAt',
  'createdAt',
  'updatedAt',
] as const;
