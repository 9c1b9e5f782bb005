import { z } from 'zod';

/**
 * The roles a person may hold (several at once). Every signed-in person is a member; staff hold
 * one or more of the others: experts answer consultations and discussions, editors keep the
 * content current, admins manage people and roles.
 */
export const roles = ['member', 'expert', 'editor', 'admin'] as const;
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
