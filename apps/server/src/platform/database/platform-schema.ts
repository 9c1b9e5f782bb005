// The platform's own tables. Features declare theirs in their manifests; drizzle-kit finds both
// (drizzle.config.ts reads every platform `*.schema.ts` and every feature's `schema.ts`).
export * from './seed-runs.schema';
export * from '../http/rate-limit/rate-limit.schema';
export * from '../privacy/visitor-salt.schema';
export * from '../audit/audit-log.schema';
export * from '../uploads/stored-files.schema';
export * from '../mail/mail-outbox.schema';
export * from '../admin/admin-create-keys.schema';
export * from '../personal-data/personal-data-exports.schema';
export * from '../push/push.schema';
