import { z } from 'zod';
import { isKnownPermission, roleNames } from '../permissions';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from './common';

export const roleSchema = z.enum(roleNames as [string, ...string[]], { message: 'الدور غير معروف' });

export const permissionsSchema = z
  .array(z.string().refine(isKnownPermission, { message: 'صلاحية غير معروفة' }))
  .max(200)
  .transform((list) => [...new Set(list)]);

export const userCreateBody = z.object({
  name: nameSchema,
  phoneNumber: phoneSchema,
  email: emailSchema.optional().default(''),
  jobTitle: z.string().trim().max(100).optional().default(''),
  role: roleSchema,
  permissions: permissionsSchema.optional(),
  password: passwordSchema,
  active: z.boolean().optional().default(true),
});

export const userUpdateBody = userCreateBody.omit({ password: true }).partial().extend({
  password: passwordSchema.optional(),
});

export const profileUpdateBody = z.object({ name: nameSchema, email: emailSchema.optional().default('') });

export const publicUserFields = [
  '_id',
  'name',
  'phoneNumber',
  'email',
  'jobTitle',
  'role',
  'permissions',
  'active',
  'lastLoginAt',
  'createdAt',
  'updatedAt',
] as const;
