// A server for the expert desk tests (tests/consultation-desk.spec.ts): the same application with an
// expert and two submitted consultation cases (with photos) already in it, as the consultation form
// leaves them — the form is another part of issue 11 and the e2e data folder cannot be opened twice.
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { insertSubmittedCase } from '../../apps/server/src/consultation/test/insert-case';
import { deskCases, deskEditor, deskExpert } from './desk-fixture';

const env = loadEnv();
const app = await buildApp({ env });
const { member } = await app.services.accounts.register(
  {
    account: deskExpert.account,
    name: '測試專家',
    email: 'e2e-desk-expert@example.org',
    memberClass: 'all',
    password: deskExpert.password,
  },
  { signIn: false },
);
await app.services.accounts.grantRole({ memberId: null, label: 'cli' }, member.id, 'expert');
const { member: editor } = await app.services.accounts.register(
  {
    account: deskEditor.account,
    name: '測試編輯',
    email: deskEditor.email,
    memberClass: 'all',
    password: deskEditor.password,
  },
  { signIn: false },
);
await app.services.accounts.grantRole({ memberId: null, label: 'cli' }, editor.id, 'editor');
for (const values of Object.values(deskCases))
  await insertSubmittedCase(app, { ...values, askerName: '王小明', photos: 2 });
await app.listen({ host: env.HOST, port: env.PORT });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
