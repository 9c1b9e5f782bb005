import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Members: one row a person. `account` and `email` are stored lower-cased (the
 * contracts normalise them), so uniqueness is case-insensitive. Every member holds the role
 * `member`; staff roles are rows of `member_roles`.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The news class followed: 'all' or a news class; picks the default news tab. */
    memberClass: text('member_class').notNull().default('all'),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * A new address waiting for its confirmation link (decision 0293): `email` changes only when the
     * new address confirms, so a password reset never goes to an address nobody has confirmed.
     */
    pendingEmail: text('pending_email'),
    /** When the owner of `email` was last told that someone tried to register with it (one notice a day). */
    registerAttemptNoticeAt: timestamp('register_attempt_notice_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When the retention job warned that this unused, unconfirmed account will be erased (decision 0311). */
    unusedWarningSentAt: timestamp('unused_warning_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('members_account_key').on(table.account), uniqueIndex('members_email_key').on(table.email)],
);

/**
 * A member's account, name and e-mail, normalised, with their grams: the staff list finds a keyword
 * through the GIN index, not by reading every member (decision 0441). Personal data: it goes with
 * the member (cascade on erasure) and is never exported, since it only repeats the member's row.
 */
export const memberSearch = pgTable(
  'member_search',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The normalised texts, one per line with a line break before and after each: rechecks long terms. */
    textKey: text('text_key').notNull(),
    grams: text('grams').array().notNull(),
  },
  (table) => [index('member_search_grams_idx').using('gin', table.grams).with({ fastupdate: false })],
);

/** Staff roles (expert, editor, admin); `member` is implied by the row in `members`. */
export const memberRoles = pgTable(
  'member_roles',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.role] }), index('member_roles_role_idx').on(table.role)],
);

/**
 * Signed-in sessions and bearer tokens (decision 0120). Only the SHA-256 of the secret is stored,
 * so a copy of the table signs no one in. A row ends at `expires_at` (absolute) or when unused
 * for the idle limit (`last_seen_at` + idle).
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** 'session' (httpOnly cookie) or 'bearer' (product API token). */
    kind: text('kind').notNull(),
    remember: boolean('remember').notNull().default(false),
    /** A short summary of the device ("Chrome 120 · Android"), never the whole User-Agent (decision 0294). */
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_member_idx').on(table.memberId), index('sessions_expires_idx').on(table.expiresAt)],
);

/** One-time tokens: e-mail confirmation and password reset (stored hashed, 30 minutes, single use). */
export const accountTokens = pgTable(
  'account_tokens',
  {
    idHash: text('id_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The e-mail address a confirmation token confirms (a later change of address voids it). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('account_tokens_member_idx').on(table.memberId, table.purpose)],
);

/**
 * Failed sign-ins, for the lockout (5 within 15 minutes, per account and per client) and the robot
 * check after two. Accounts that do not exist are counted the same way, so the answer reveals
 * nothing; clients are kept only as salted hashes.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    clientHash: text('client_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_account_idx').on(table.account, table.at),
    index('login_failures_client_idx').on(table.clientHash, table.at),
  ],
);

/** Solved ALTCHA challenges, so one solution is accepted once (until the challenge expires). */
export const altchaSpent = pgTable(
  'altcha_spent',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('altcha_spent_expires_idx').on(table.expiresAt)],
);

/** Secrets the processes of one site share (the ALTCHA signing key), made once on first start. */
export const accountSecrets = pgTable('account_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
