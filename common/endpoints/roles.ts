import { createRoleSchema, updateRoleSchema } from '../schemas/admin';
import { declare, idParam } from './define';

export const roles = declare({
  list: {
    method: 'GET',
    path: '/api/roles',
    access: 'roles.read',
    tag: 'roles',
    en: 'List roles and their permissions',
    fa: 'فهرست نقش‌ها و دسترسی‌هایشان',
  },
  create: {
    method: 'POST',
    path: '/api/roles',
    access: 'roles.create',
    tag: 'roles',
    en: 'Create a role',
    fa: 'ساختن نقش',
    body: createRoleSchema,
    status: 201,
    errors: [409],
  },
  update: {
    method: 'PATCH',
    path: '/api/roles/:id',
    access: 'roles.edit',
    tag: 'roles',
    en: 'Change a role',
    fa: 'ویرایش نقش',
    params: idParam,
    body: updateRoleSchema,
    errors: [409],
  },
  delete: {
    method: 'DELETE',
    path: '/api/roles/:id',
    access: 'roles.delete',
    tag: 'roles',
    en: 'Delete a role',
    fa: 'حذف نقش',
    params: idParam,
    errors: [409],
  },
});
