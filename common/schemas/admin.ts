import { z } from 'zod';
import { tooLong, tooShort } from '../messages';
import { accountFields } from './account';

export const userListQuerySchema = z.object({
  query: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const roleIdsSchema = z.array(z.string().min(1).max(64)).max(20);

export const createUserSchema = z.object({ ...accountFields, roles: roleIdsSchema.default(['member']) });
export type CreateUser = z.infer<typeof createUserSchema>;

export const userRolesSchema = z.object({ roles: roleIdsSchema });

const roleName = z
  .string()
  .trim()
  .min(3, tooShort(3))
  .max(32, tooLong(32))
  .regex(/^[a-z0-9_-]+$/, 'validation.userNameChars');

export const createRoleSchema = z.object({
  name: roleName,
  description: z.string().trim().max(500, tooLong(500)).default(''),
  permissions: z.array(z.string()).max(100),
});
export const updateRoleSchema = createRoleSchema.partial();
