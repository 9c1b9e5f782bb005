// Without zod: read on every page (the header's session check), where zod must not load (decision 0086).

/**
 * The roles a person may hold (several at once). Every signed-in person is a member; staff hold
 * one or more of the others: experts answer consultations and discussions, editors keep the
 * content current, admins manage people and roles.
 */
export const roles = ['member', 'expert', 'editor', 'admin'] as const;
