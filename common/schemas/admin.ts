import { z } from 'zod';
import { tooLong, tooShort } from '../messages';
import { accountFields } from './account';

export const userListQuerySchema = z.object({
  query: z.string().trim().max(64).optional(),
  /** Only the holders of this role. */
  role: z.string().trim().min(1).max(64).optional(),
  // Own messages: zod's defaults for numbers have no translation (common/zod-messages.ts).
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(100_000, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(100, 'validation.invalid')
    .default(20),
});

export const roleIdsSchema = z.array(z.string().min(1).max(64)).max(20);

/**
 * An account an administrator creates: the "about" text is the person's own to write later. With
 * a password it can sign in at once; without one, its address gets an invitation whose link lets
 * the person choose their own (server/services/invitations.ts), so one of the two is needed.
 */
export const createUserSchema = z
  .object({
    ...accountFields,
    password: accountFields.password.optional(),
    about: z.string().trim().max(500, tooLong(500)).default(''),
    roles: roleIdsSchema.default(['member']),
  })
  .refine((user) => user.password !== undefined || user.email !== undefined, {
    path: ['email'],
    message: 'validation.inviteEmail',
  });
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

/**
 * A new account as an administrator fills it in the dashboard: either an invitation (an address,
 * required) or a password typed twice (an address optional, confirmed by its mailed link).
 */
export const createUserFormSchema = z
  .object({
    firstName: accountFields.firstName,
    lastName: accountFields.lastName,
    userName: accountFields.userName,
    access: z.enum(['invite', 'password']),
    email: accountFields.email,
    password: z.string(),
    confirmPassword: z.string(),
    roles: roleIdsSchema,
  })
  .superRefine((form, ctx) => {
    if (form.access === 'invite') {
      if (!form.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.inviteEmail' });
      return;
    }
    const password = accountFields.password.safeParse(form.password);
    if (!password.success) ctx.addIssue({ code: 'custom', path: ['password'], message: password.error.issues[0]?.message ?? '' });
    if (form.confirmPassword.length < 6)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.confirmPasswordMin' });
    else if (form.password !== form.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordsMismatch' });
  });
export type CreateUserForm = z.infer<typeof createUserFormSchema>;

/** The page a reset link opens: the token from the link and the new password, typed twice. */
export const passwordResetFormSchema = z
  .object({
    token: z.string().min(1, 'validation.required').max(200),
    password: accountFields.password,
    confirmPassword: z.string().min(6, 'validation.confirmPasswordMin'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMismatch',
  });
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;

/** Body of `POST /api/auth/password-reset`. */
export const passwordResetSchema = z.object({ token: z.string().min(1).max(200), password: accountFields.password });

/** A row of the users list (`GET /api/users`, the users screen). */
export type UserListItem = {
  id: string;
  username: string;
  displayName: string;
  disabledAt: Date | null;
  createdAt: Date;
  roles: string[];
  /** Only for holders of users.edit (issue 27): the confirmed address and one waiting for its link. */
  email?: string | null;
  pendingEmail?: string | null;
};

/** A role as the roles list shows it, with how many accounts hold it. */
export type RoleListItem = { id: string; name: string; description: string; permissions: string[]; users: number };

/** Users per page on the users screen. */
export const USERS_PAGE_SIZE = 20;

/** The role registration gives (server/services/accounts.ts): it cannot be deleted. */
export const MEMBER_ROLE = 'member';

/**
 * The default roles' descriptions as the installer writes them (server/auth/permissions.ts). The
 * dashboard shows its own translation of a default role while its description is unchanged.
 */
export const defaultRoleDescriptions = {
  owner: 'Owns the site: every permission.',
  editor: 'Writes and publishes pages, moderates comments.',
  member: 'A registered reader who can comment.',
} as const;
