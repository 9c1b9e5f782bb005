import { z } from 'zod';
import { accountLimits, accountMessages, memberClasses, type MemberClass } from './accounts-vocabulary';
import { isCommonPassword } from './common-passwords';
import { roleSchema } from './roles';

// Schemas of member accounts: the pages' forms (validated with @conform-to/zod in the browser and
// again in the actions), the information-service calls and the product API's auth calls.

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

export const accountSchema = z
  .string({ error: '請輸入帳號' })
  .trim()
  .min(1, { error: '請輸入帳號' })
  .min(accountLimits.accountMin, { error: `帳號至少 ${accountLimits.accountMin} 個字元` })
  .max(accountLimits.accountMax, { error: `帳號不可超過 ${accountLimits.accountMax} 個字元` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]*$/, { error: '帳號只能使用英文字母、數字及 . _ @ -，並以英文字母或數字開頭' })
  // Accounts are compared without case: Farmer01 and farmer01 are one account.
  .transform((value) => value.toLowerCase());

/** What a sign-in form takes as the account: any short text (a wrong one is just a failed sign-in). */
export const signInAccountSchema = z
  .string({ error: '請輸入帳號' })
  .trim()
  .min(1, { error: '請輸入帳號' })
  .max(254, { error: '帳號過長' })
  .refine((value) => !controlCharacters.test(value), { error: '帳號含有不允許的字元' })
  .transform((value) => value.toLowerCase());

export const memberNameSchema = z
  .string({ error: '請輸入姓名' })
  .trim()
  .min(1, { error: '請輸入姓名' })
  .max(accountLimits.nameMax, { error: `姓名不可超過 ${accountLimits.nameMax} 個字` })
  // The older service's user string is `class;name;email;id`: a semicolon would split it.
  .refine((value) => !controlCharacters.test(value) && !value.includes(';'), { error: '姓名不可包含分號或控制字元' });

export const emailSchema = z
  .string({ error: '請輸入電子郵件' })
  .trim()
  .min(1, { error: '請輸入電子郵件' })
  .max(accountLimits.emailMax, { error: '電子郵件過長' })
  .pipe(z.email({ error: '電子郵件格式不正確' }))
  .transform((value) => value.toLowerCase());

export const memberClassSchema = z.enum(memberClasses, { error: '請選擇關注的消息類別' });

/** A new password: 8–128 characters, not on the common-password list. */
export const newPasswordSchema = z
  .string({ error: '請輸入密碼' })
  .min(1, { error: '請輸入密碼' })
  .min(accountLimits.passwordMin, { error: `密碼至少 ${accountLimits.passwordMin} 個字元` })
  .max(accountLimits.passwordMax, { error: `密碼不可超過 ${accountLimits.passwordMax} 個字元` })
  .refine((value) => !isCommonPassword(value), { error: '這個密碼太常見，容易被猜中，請換一個' });

/** A password being checked (sign-in, current password): only bounded, never judged. */
export const givenPasswordSchema = z
  .string({ error: '請輸入密碼' })
  .min(1, { error: '請輸入密碼' })
  .max(accountLimits.passwordMax, { error: '帳號或密碼錯誤' });

/** The ALTCHA widget's payload (base64 JSON); absent until solved. */
export const altchaPayloadSchema = z.string().max(8192).optional();

/**
 * A `?redirect=` target: a path on this site only. Anything else — another origin, a
 * protocol-relative `//host`, a backslash, control characters — becomes the home page.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  if (controlCharacters.test(value)) return fallback;
  try {
    const parsed = new URL(value, 'http://same.invalid');
    if (parsed.origin !== 'http://same.invalid') return fallback;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}

const confirmation = <T extends { password: string; passwordConfirm: string }>(value: T) =>
  value.password === value.passwordConfirm;
const mismatch = { error: '兩次輸入的密碼不一致', path: ['passwordConfirm'] };

// ---- page forms ----

export const loginForm = z.object({
  account: signInAccountSchema,
  password: givenPasswordSchema,
  remember: z.boolean().optional(),
  redirect: z.string().max(2000).optional(),
  altcha: altchaPayloadSchema,
});
export type LoginForm = z.infer<typeof loginForm>;

/** What a member tells about themselves: asked at registration, changed on /member. */
export const profileForm = z.object({
  name: memberNameSchema,
  email: emailSchema,
  memberClass: memberClassSchema,
});
export type ProfileForm = z.infer<typeof profileForm>;

/**
 * The /member profile form: the current password too, needed when the e-mail changes (decision
 * 0293), so a moment at an unlocked phone is not enough to move the account to another address.
 */
export const memberProfileForm = profileForm.extend({
  currentPassword: z.string().max(accountLimits.passwordMax).optional(),
});
export type MemberProfileForm = z.infer<typeof memberProfileForm>;

export const registerForm = profileForm
  .extend({
    account: accountSchema,
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: '請再輸入一次密碼' }),
    memberClass: memberClassSchema.default('all'),
    altcha: z.string({ error: accountMessages.robotCheckRequired }).max(8192),
  })
  .refine(confirmation, mismatch);
export type RegisterForm = z.infer<typeof registerForm>;

export const passwordChangeForm = z
  .object({
    currentPassword: z.string({ error: '請輸入目前的密碼' }).max(accountLimits.passwordMax),
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: '請再輸入一次新密碼' }),
  })
  .refine(confirmation, mismatch);

export const forgotPasswordForm = z.object({
  identifier: z
    .string({ error: '請輸入帳號或電子郵件' })
    .trim()
    .min(1, { error: '請輸入帳號或電子郵件' })
    .max(254, { error: '帳號或電子郵件過長' })
    .transform((value) => value.toLowerCase()),
  altcha: z.string({ error: accountMessages.robotCheckRequired }).max(8192),
});

export const resetPasswordForm = z
  .object({
    token: z.string({ error: accountMessages.resetTokenInvalid }).min(1).max(200),
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: '請再輸入一次新密碼' }),
  })
  .refine(confirmation, mismatch);

// ---- what the server answers about a member ----

/** The member as the signed-in browser may see them (never the password hash or tokens). */
export const memberSummarySchema = z
  .object({
    id: z.number().int(),
    account: z.string(),
    name: z.string(),
    email: z.string(),
    class: memberClassSchema,
    roles: z.array(roleSchema),
    email_confirmed: z.boolean(),
    /** A new address waiting for its confirmation link; `email` stays the old one until then (decision 0293). */
    pending_email: z.string().nullable(),
  })
  .meta({ id: 'MemberSummary' });
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** The older service's user string: `class;name;email;id`. */
export function formatUserString(member: { class: MemberClass; name: string; email: string; id: number }): string {
  return `${member.class};${member.name};${member.email};${member.id}`;
}

/** GET /api/v1/session: what the header greets and which news tab is the member's default. */
export const sessionResponse = z
  .object({
    data: z
      .object({
        account: z.string(),
        name: z.string(),
        class: memberClassSchema,
        roles: z.array(roleSchema),
        email_confirmed: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'SessionResponse' });
export type SessionData = z.infer<typeof sessionResponse>['data'];

// ---- information-service calls ----

const userObject = z.object({
  account: accountSchema,
  name: memberNameSchema,
  email: emailSchema,
  class: memberClassSchema.default('all'),
  password: newPasswordSchema,
  altcha: z.string({ error: accountMessages.robotCheckRequired }).max(8192),
});

export const userNewCall = {
  body: userObject,
  data: z.string().describe('The new member signed in: `class;name;email;id`'),
};
export const userUpdateCall = {
  body: z.object({ name: memberNameSchema, email: emailSchema, class: memberClassSchema }),
  data: z.string().describe('The updated member: `class;name;email;id`'),
};
/** /userUpdate's answer: the spec's `{ d }`, and beside it the new address a confirmation was mailed to. */
export const userUpdateResponse = z.object({
  d: userUpdateCall.data,
  pending_email: z
    .string()
    .optional()
    .describe('A new e-mail waiting for its confirmation link (mailed); d keeps the old address until it confirms'),
});
export const userUpdatepCall = {
  // The spec's client sends (old, new) as a2, a1: a1 is the new password, a2 the current one.
  body: z.object({
    a1: newPasswordSchema.describe('The new password'),
    a2: givenPasswordSchema.describe('The current password'),
  }),
  data: z.literal(true),
};
export const chkiuserCall = {
  body: z.object({ a1: signInAccountSchema.describe('The account to check') }),
  data: z.boolean().describe('true when the account is already taken'),
};
export const loginiCall = {
  body: z.object({
    a1: signInAccountSchema.describe('Account'),
    a2: givenPasswordSchema.describe('Password'),
    altcha: altchaPayloadSchema.describe('ALTCHA payload, required after two failed attempts'),
  }),
  data: z
    .string()
    .describe(
      `Signed in: \`class;name;email;id\`; otherwise one of the fixed messages (${accountMessages.wrongAccountOrPassword}, ${accountMessages.lockedOut}, ${accountMessages.robotCheckRequired})`,
    ),
};
export const loginforgetCall = {
  body: z.object({
    a1: forgotPasswordForm.shape.identifier.describe('Account or e-mail'),
    altcha: z.string({ error: accountMessages.robotCheckRequired }).max(8192),
  }),
  data: z.string().describe('The same message whether or not the account exists'),
};

// ---- product API auth calls ----

export const apiLoginBody = z.object({
  account: signInAccountSchema,
  password: givenPasswordSchema,
  altcha: altchaPayloadSchema,
});
export const apiLoginResponse = z
  .object({
    data: z.object({
      token: z.string().describe('Bearer token for the Authorization header'),
      expires_at: z.string().describe('ISO 8601'),
      member: memberSummarySchema,
    }),
  })
  .meta({ id: 'LoginResponse' });
export const memberResponse = z.object({ data: memberSummarySchema });
export const apiSignupBody = userObject;
export const apiForgotPasswordBody = z.object({
  account: forgotPasswordForm.shape.identifier.describe('Account or e-mail'),
  altcha: z.string({ error: accountMessages.robotCheckRequired }).max(8192),
});
export const messageResponse = z.object({ data: z.object({ message: z.string() }) });

// ---- staff services (admin) ----

export const listMembersQuery = z.object({
  query: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListMembersQuery = z.input<typeof listMembersQuery>;

export const memberAdminRowSchema = z
  .object({
    id: z.number().int(),
    account: z.string(),
    name: z.string(),
    email: z.string(),
    class: memberClassSchema,
    roles: z.array(roleSchema),
    email_confirmed: z.boolean(),
    disabled: z.boolean(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
  })
  .meta({ id: 'MemberAdminRow' });
export type MemberAdminRow = z.infer<typeof memberAdminRowSchema>;
