// A server for the expert discussion tests (tests/discussion.spec.ts): the same application in demo
// mode — no LINE channel, the local demo identity provider, which a production start refuses
// (issue 12 §2) — so it runs with NODE_ENV=development, plus an editor who moderates.
import { buildApp } from '../../apps/server/src/app';
import { loadEnv } from '../../apps/server/src/config/env';
import { discussionEditor } from './discussion-fixture';

const env = loadEnv();
const app = await buildApp({ env });
const { member } = await app.services.accounts.register(
  {
    account: discussionEditor.account,
    name: '測試編輯',
    email: 'e2e-discussion-editor@example.org',
    memberClass: 'all',
    password: discussionEditor.password,
  },
  { signIn: false },
);
await app.services.accounts.grantRole({ memberId: null, label: 'cli' }, member.id, 'editor');
await app.listen({ host: env.HOST, port: env.PORT });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
