// One server for the tests that need something in the database before the first request
// (decision 0091; it replaces three, each of which copied and opened a data folder of its own):
//  - a Google tag in the system settings, as an administrator sets it (tests/analytics.spec.ts);
//  - an expert, an editor and two submitted consultation cases with photos, as the consultation
//    form leaves them (tests/consultation-desk.spec.ts, tests/contact.spec.ts: desk-fixture.ts), and an
//    admin who sees who wrote to the contact inbox (tests/contact.spec.ts); the editor
//    also imports pesticide data and rolls it back (tests/pesticide-import.spec.ts);
//  - a mail written to a file (as without an SMTP server), whose HTML the outbox shows in a
//    sandboxed frame (tests/contact.spec.ts: outboxFixtureMail in desk-fixture.ts);
//  - the discussion's demo identity provider (DISCUSSION_DEMO; production refuses it unless the
//    public address is this machine, decision 0192) and an editor who moderates
//    (tests/discussion.spec.ts: discussion-fixture.ts).
// The main server stays as a fresh install is (no tag, no staff, no cases): the specs that count
// what a visitor sees (the advisory archive's cases, for one) read it.
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { insertSubmittedCase } from '../../apps/server/src/consultation/test/insert-case';
import { mailOutbox } from '../../apps/server/src/platform/mail/mail-outbox.schema';
import { systemSettings } from '../../apps/server/src/site/schema';
import { analyticsTagId } from './analytics-fixture';
import { deskAdmin, deskCases, deskEditor, deskExpert, outboxFixtureMail } from './desk-fixture';
import { discussionEditor } from './discussion-fixture';

const env = loadEnv();
const app = await buildApp({ env });

await app.db.update(systemSettings).set({ gTag: analyticsTagId }).where(eq(systemSettings.id, 1));
await app.services.site.invalidateSystemSettings();

const staff = [
  { ...deskExpert, name: '測試專家', email: 'e2e-desk-expert@example.org', role: 'expert' },
  { ...deskEditor, name: '測試編輯', role: 'editor' },
  { ...deskAdmin, name: '測試管理員', role: 'admin' },
  { ...discussionEditor, name: '測試編輯', email: 'e2e-discussion-editor@example.org', role: 'editor' },
] as const;
const staffIds = new Map<string, number>();
for (const person of staff) {
  const { member } = await app.services.accounts.register(
    { account: person.account, name: person.name, email: person.email, memberClass: 'all', password: person.password },
    { signIn: false },
  );
  await app.services.accounts.grantRole({ memberId: null, label: 'cli' }, member.id, person.role);
  staffIds.set(person.account, member.id);
}
// Assigned to the desk's expert (only the assigned expert and admins see the asker's contact), and
// the askers agreed to publication (the desk publishes only then).
for (const values of Object.values(deskCases))
  await insertSubmittedCase(app, {
    ...values,
    askerName: '王小明',
    photos: 2,
    publishConsent: 'asker',
    assignedExpertId: staffIds.get(deskExpert.account) ?? null,
  });

await app.db
  .insert(mailOutbox)
  .values({ ...outboxFixtureMail, messageId: '<outbox-fixture@example.org>', state: 'written', sentAt: new Date() });

await app.listen({ host: env.HOST, port: env.PORT });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
