import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { features } from '../../features';
import type { FastifyInstance } from 'fastify';
import { featuresWithoutAuthenticator, headerIdentityFeature } from '../../test/header-identity-feature';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordAudit } from '../audit/record-audit';
import { auditLog } from '../audit/audit-log.schema';
import { requireRole, requireViewer } from './authorize';

// The test header's identity, with two routes that exercise the platform's check.
const headerIdentity = {
  ...headerIdentityFeature({ memberId: 7, account: 'tester', name: '測試' }),
  routes(app: FastifyInstance) {
    app.get('/api/v1/test/me', async (request) => ({ data: (await requireViewer(request)).account }));
    app.get('/api/v1/test/editor', async (request) => ({ data: (await requireRole(request, 'editor')).memberId }));
  },
};

const otherFeatures = featuresWithoutAuthenticator;

describe('the authorisation check', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({}, { features: [...otherFeatures, headerIdentity] });
  });
  afterAll(() => test.close());

  it('answers 401 to an anonymous visitor, 403 to someone without the role, 200 with it', async () => {
    const anonymous = await test.app.inject({ url: '/api/v1/test/editor' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const member = await test.app.inject({ url: '/api/v1/test/editor', headers: { 'x-test-roles': 'member' } });
    expect(member.statusCode).toBe(403);
    const editor = await test.app.inject({
      url: '/api/v1/test/editor',
      headers: { 'x-test-roles': 'member,editor' },
    });
    expect(editor.json()).toEqual({ data: 7 });
    const me = await test.app.inject({ url: '/api/v1/test/me', headers: { 'x-test-roles': 'member' } });
    expect(me.json()).toEqual({ data: 'tester' });
  });

  it('writes an audit entry with the transaction it describes, or not at all', async () => {
    const entry = {
      actor: { memberId: null, label: 'cli' },
      action: 'test.touch',
      entity: 'test',
      entityId: 1,
    } as const;
    await test.app.db
      .transaction(async (tx) => {
        await recordAudit(tx, entry);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await test.app.db.transaction((tx) => recordAudit(tx, { ...entry, after: { a: 1 } }));
    // Only this test's entries: the demo content's own import is audited too.
    const rows = await test.app.db.select().from(auditLog).where(eq(auditLog.action, 'test.touch'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorLabel: 'cli', action: 'test.touch', entityId: '1', after: { a: 1 } });
    await test.app.db.execute(sql`delete from audit_log where action = 'test.touch'`);
  });

  it('refuses a second authenticating feature', async () => {
    await expect(buildTestApp({}, { features: [...features, headerIdentity] })).rejects.toThrow(
      /Only one feature may declare/,
    );
  });
});
