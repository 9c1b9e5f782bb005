import { z } from 'zod';

import { roles } from './role-names';

// The names live in a module without zod, so pages can read them without loading zod (decision 0086).
export { roles };
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** The staff roles: holding any of them opens /admin. */
export const staffRoles = ['expert', 'editor', 'admin'] as const satisfies readonly Role[];

export const roleLabels: Record<Role, string> = {
  member: '會員',
  expert: '專家',
  editor: '編輯',
  admin: '管理者',
};
