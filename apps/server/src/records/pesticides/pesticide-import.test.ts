import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  pesticideCall,
  pesticideCsvUploadPurpose,
  pesticideImportMessages,
  pesticideImportsKept,
  type PesticideChange,
} from '@pest/contracts';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit-log.schema';
import type { CacheTags } from '../../platform/cache/invalidation';
import { AppError } from '../../platform/http/app-error';
import { documentFileKey } from '../../platform/uploads/stored-file-keys';
import { storedFiles } from '../../platform/uploads/stored-files.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { pesticidesTag } from '../records-cache-tags';
import { pesticideImportChanges, pesticideImports, pesticideUses } from '../schema';
import { pesticideSample } from '../seed/records-seed';
import { importPesticideUses } from '../services/import-pesticide-uses';
import { expirePesticidePreviews } from './expire-pesticide-previews';
import { pesticideCsvHeader } from './parse-pesticide-csv';
import { previewPesticideImport } from './preview-pesticide-import';

/** The sample with two rows changed, one added, two removed and two bad rows (records/test/README.md). */
const changedFile = new URL('../test/pesticides_2022-08-01.csv', import.meta.url);
const editor = { memberId: 9001, account: 'editor-wang' } as const;
const editorViewer = { ...editor, name: '王編輯', roles: ['editor'] as const, sessionId: 's', via: 'session' as const };

describe('pesticide import: preview, apply, roll back', () => {
  let test: TestApp;
  let sample: Buffer;
  let changed: Buffer;
  const published: CacheTags[] = [];

  const services = () => test.app.services.records;
  const preview = (content: Buffer | string, options: { snapshotDate?: string; mode?: 'replace' | 'merge' } = {}) =>
    previewPesticideImport(test.app.db, {
      content,
      fileName: 'pesticides_2022-08-01.csv',
      source: '農藥資訊服務網',
      snapshotDate: options.snapshotDate ?? '2022-08-01',
      mode: options.mode ?? 'replace',
      actor: editor,
    });
  /** Every column of every row on the site, in id order: what a rollback must give back exactly. */
  const currentRows = () =>
    test.app.db
      .select()
      .from(pesticideUses)
      .where(isNull(pesticideUses.removedByImportId))
      .orderBy(asc(pesticideUses.id));
  const auditCount = async (action: string) =>
    (await test.app.db.select({ total: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]?.total ?? 0;
  /** What the public pesticide call answers for mango anthracnose. */
  const mangoAnthracnose = async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/info/pesticide',
      payload: { n1: '炭疽病', n2: '檬果' },
    });
    expect(response.statusCode).toBe(200);
    return pesticideCall.data.parse(response.json().d);
  };
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  /** A CSV as the upload pipeline stores it: its bytes in FileStorage, a pending row the editor owns. */
  const storeUpload = async (bytes: Buffer) => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const storageKey = documentFileKey(sha256, 'csv');
    await test.app.storage.put(storageKey, bytes);
    const [row] = await test.app.db
      .insert(storedFiles)
      .values({
        sha256,
        storageKey,
        size: bytes.length,
        sourceType: 'text/csv',
        contentType: 'text/csv',
        fileName: 'pesticides_2022-08-01.csv',
        purpose: pesticideCsvUploadPurpose,
        ownerMemberId: editor.memberId,
        uploaderHash: 'test',
      })
      .returning();
    return row!;
  };
  /** Waits, without sleeping blindly, until `check` answers something. */
  const until = async <T>(check: () => Promise<T | false | undefined>): Promise<T> => {
    for (let tries = 0; tries < 600; tries += 1) {
      const found = await check();
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('gave up waiting');
  };

  beforeAll(async () => {
    test = await buildTestApp({ SEED_DEMO_CONTENT: 'false' });
    sample = await readFile(pesticideSample.file);
    changed = await readFile(changedFile);
    test.app.invalidation.subscribe((tags) => published.push(tags));
  }, 120_000);
  beforeEach(async () => {
    // The demo's state: the sample imported once, as the seed does.
    await test.app.db.delete(pesticideUses);
    await test.app.db.delete(pesticideImports);
    await importPesticideUses(test.app.db, {
      content: sample,
      fileName: pesticideSample.fileName,
      source: pesticideSample.source,
      snapshotDate: pesticideSample.snapshotDate,
      actor: { memberId: null, label: 'seed' },
    });
    // As the seed does after writing: pages and kept lookups drop the data (decision 0411).
    await test.app.invalidation.publish([pesticidesTag]);
    await test.app.db.delete(auditLog);
    published.length = 0;
  });
  afterAll(() => test.close());

  it('previews a changed file against the data on the site, changing nothing the public sees', async () => {
    const before = await currentRows();
    const made = await preview(changed);
    expect(made).toMatchObject({
      accepted: 800,
      added: 1,
      changed: 2,
      removed: 2,
      unchanged: 797,
      sameAsCurrent: false,
    });
    expect(made.rejected.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 802, reason: '缺少作物名稱' },
      { line: 803, reason: '核准日期「1111345.0」不是有效的日期' },
    ]);
    expect(await currentRows()).toEqual(before);
    expect(await services().getPesticideSource()).toMatchObject({ snapshotDate: '2022-07-01', sample: true });
    expect(published).toEqual([]);

    const detail = await services().getPesticideImport(made.importId, { kind: 'changed' });
    expect(detail).toMatchObject({
      applicable: true,
      notApplicableReason: null,
      counts: { added: 1, changed: 2, removed: 2, rejected: 2 },
      total: 2,
      currentRows: 801,
      import: { status: 'pending', snapshot_date: '2022-08-01', created_by: 'editor-wang', can_roll_back: false },
    });
    const [change] = detail!.changes as Array<Extract<PesticideChange, { kind: 'changed' }>>;
    expect(change).toMatchObject({ line: 570, fields: ['safe'], before: { safe: '18' }, after: { safe: '21' } });
    // The first kind it has is shown by default; rejected rows keep their cells.
    expect((await services().getPesticideImport(made.importId))?.kind).toBe('added');
    // The admin home counts the preview as waiting to be applied (decision 0377).
    expect(await services().countWaitingImports()).toEqual([
      { label: '等待套用的匯入', value: 1, query: 'status=pending', attention: true },
    ]);
    const rejected = await services().getPesticideImport(made.importId, { kind: 'rejected' });
    expect(rejected?.changes[0]).toEqual({
      kind: 'rejected',
      line: 802,
      reason: '缺少作物名稱',
      cells: ['12900', '', '炭疽病', '測試藥'],
    });
    const removed = await services().getPesticideImport(made.importId, { kind: 'removed' });
    expect(removed?.changes.map((item) => (item.kind === 'removed' ? item.before.cname : ''))).toEqual([
      '丁基加保扶',
      '甲基鋅乃浦',
    ]);
  });

  it('applies once, in one transaction: the rows, the source date, one audit entry and the pesticide pages’ tag', async () => {
    const before = await mangoAnthracnose();
    expect(before.map((entry) => entry.cname)).toContain('甲基鋅乃浦');
    const made = await preview(changed);
    // A double click: two applies at once, and a retry after.
    const results = await Promise.all([
      services().applyPesticideImport(editorViewer, made.importId),
      services().applyPesticideImport(editorViewer, made.importId),
    ]);
    expect(results.map((result) => result.applied).sort()).toEqual([false, true]);
    expect(await services().applyPesticideImport(editorViewer, made.importId)).toEqual({ applied: false });
    expect(published).toEqual([['pesticides']]);
    expect(await auditCount('pesticide-import.apply')).toBe(1);
    const [entry] = await test.app.db.select().from(auditLog).where(eq(auditLog.action, 'pesticide-import.apply'));
    expect(entry).toMatchObject({
      actorId: editor.memberId,
      actorLabel: editor.account,
      entity: 'pesticide-import',
      entityId: String(made.importId),
      before: { snapshotDate: '2022-07-01', rows: 801 },
      after: { snapshotDate: '2022-08-01', added: 1, changed: 2, removed: 2, rows: 800 },
    });

    expect(await currentRows()).toHaveLength(800);
    expect(await services().getPesticideSource()).toMatchObject({
      snapshotDate: '2022-08-01',
      source: '農藥資訊服務網',
    });
    const after = await mangoAnthracnose();
    expect(after.map((use) => use.cname)).toContain('測試新藥');
    expect(after.map((use) => use.cname)).not.toContain('甲基鋅乃浦');
    // A changed row keeps its place in the source order.
    expect(after.findIndex((use) => use.cname === '三氟派瑞')).toBe(
      before.findIndex((use) => use.cname === '三氟派瑞'),
    );
    expect(after.find((use) => use.cname === '三氟派瑞')?.safe).toBe('21');
    expect((await services().getPesticideImport(made.importId))?.import).toMatchObject({
      status: 'applied',
      current: true,
      can_roll_back: true,
    });
  });

  it('rolls back to exactly the rows before, once, audited, and only the current import', async () => {
    const before = await currentRows();
    const first = await preview(changed);
    await services().applyPesticideImport(editorViewer, first.importId);
    const second = await preview(`${pesticideCsvHeader.join(',')}\n1,番茄,夜蛾類,新藥,1%,EC,,1000,,,,,,,,,,\n`, {
      mode: 'merge',
      snapshotDate: '2022-09-01',
    });
    await services().applyPesticideImport(editorViewer, second.importId);
    published.length = 0;

    const notLatest = await refusal(services().rollBackPesticideImport(editorViewer, first.importId));
    expect(notLatest.statusCode).toBe(409);
    expect(notLatest.message).toBe(pesticideImportMessages.notLatest);

    expect(await services().rollBackPesticideImport(editorViewer, second.importId)).toEqual({ rolledBack: true });
    expect(await services().getPesticideSource()).toMatchObject({ snapshotDate: '2022-08-01' });
    expect(await services().rollBackPesticideImport(editorViewer, first.importId)).toEqual({ rolledBack: true });
    // The very same rows: ids, keys, imports and every field.
    expect(await currentRows()).toEqual(before);
    expect(await services().getPesticideSource()).toMatchObject({ snapshotDate: '2022-07-01', sample: true });
    expect((await mangoAnthracnose()).map((use) => use.cname)).toContain('甲基鋅乃浦');
    // Again: nothing happens, nothing is published twice.
    expect(await services().rollBackPesticideImport(editorViewer, first.importId)).toEqual({ rolledBack: false });
    expect(published).toEqual([['pesticides'], ['pesticides']]);
    expect(await auditCount('pesticide-import.roll-back')).toBe(2);
    const [entry] = await test.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pesticide-import.roll-back'), eq(auditLog.entityId, String(first.importId))));
    expect(entry).toMatchObject({
      before: { snapshotDate: '2022-08-01', rows: 800 },
      after: { snapshotDate: '2022-07-01', rows: 801 },
    });
    // A rolled-back import cannot be applied again: its file must be uploaded anew.
    const again = await refusal(services().applyPesticideImport(editorViewer, first.importId));
    expect(again.message).toBe(pesticideImportMessages.rolledBack);
  });

  it('refuses a preview made before the data changed, with a clear message', async () => {
    const a = await preview(changed);
    const b = await preview(changed, { snapshotDate: '2022-08-02' });
    await services().applyPesticideImport(editorViewer, a.importId);
    const stale = await refusal(services().applyPesticideImport(editorViewer, b.importId));
    expect(stale.statusCode).toBe(409);
    expect(stale.message).toBe(pesticideImportMessages.stale);
    expect(await services().getPesticideImport(b.importId)).toMatchObject({
      applicable: false,
      notApplicableReason: pesticideImportMessages.stale,
    });
    expect(await services().getPesticideSource()).toMatchObject({ snapshotDate: '2022-08-01' });
  });

  it('refuses a preview of the data as it is, and cancels a preview: its changes go, it cannot be applied', async () => {
    const same = await preview(sample, { snapshotDate: '2022-07-01' });
    expect(same.sameAsCurrent).toBe(true);
    expect((await refusal(services().applyPesticideImport(editorViewer, same.importId))).message).toBe(
      pesticideImportMessages.nothingToApply,
    );
    // The same rows with a newer date: worth applying (the pages show the date).
    expect((await preview(sample, { snapshotDate: '2022-07-15' })).sameAsCurrent).toBe(false);

    const made = await preview(changed);
    expect(await services().cancelPesticideImport(editorViewer, made.importId)).toEqual({ cancelled: true });
    expect(await services().cancelPesticideImport(editorViewer, made.importId)).toEqual({ cancelled: false });
    const left = await test.app.db
      .select({ total: count() })
      .from(pesticideImportChanges)
      .where(eq(pesticideImportChanges.importId, made.importId));
    expect(left[0]?.total).toBe(0);
    expect((await refusal(services().applyPesticideImport(editorViewer, made.importId))).message).toBe(
      pesticideImportMessages.cancelled,
    );
    expect(await auditCount('pesticide-import.cancel')).toBe(1);
    expect(published).toEqual([]);
    expect((await refusal(services().applyPesticideImport(editorViewer, 999_999))).statusCode).toBe(404);
  });

  it('changes nothing when applying fails part-way: rows, source, status and audit stay as they were', async () => {
    const before = await currentRows();
    const made = await preview(changed);
    // A changed row without its crop: the insert fails after the replaced rows were marked.
    await test.app.db.execute(
      sql`UPDATE pesticide_import_changes SET after = after - 'plant' WHERE import_id = ${made.importId} AND kind = 'changed' AND position = 1`,
    );
    await expect(services().applyPesticideImport(editorViewer, made.importId)).rejects.toThrow();
    expect(await currentRows()).toEqual(before);
    expect((await services().getPesticideImport(made.importId))?.import.status).toBe('pending');
    expect(await services().getPesticideSource()).toMatchObject({ snapshotDate: '2022-07-01' });
    expect(await auditCount('pesticide-import.apply')).toBe(0);
    expect(published).toEqual([]);
  });

  it(`keeps the replaced rows of the last ${pesticideImportsKept} imports only; an older one cannot be rolled back`, async () => {
    const ids: number[] = [];
    for (let index = 1; index <= pesticideImportsKept; index += 1) {
      const made = await preview(
        `${pesticideCsvHeader.join(',')}\n${index},番茄,夜蛾類,藥${index},1%,EC,,1000,,,,,,,,,,\n`,
        { mode: index === 1 ? 'replace' : 'merge', snapshotDate: `2022-09-0${index}` },
      );
      await services().applyPesticideImport(editorViewer, made.importId);
      ids.push(made.importId);
    }
    // The first replaced the whole sample: those 801 rows were kept until now, the seed's history is gone.
    const kept = await test.app.db.select({ total: count() }).from(pesticideUses);
    expect(kept[0]?.total).toBe(801 + pesticideImportsKept);
    for (const id of [...ids].reverse()) await services().rollBackPesticideImport(editorViewer, id);
    expect(await currentRows()).toHaveLength(801);
    const seedImport = (
      await services().listPesticideImports({
        page: 1,
        pageSize: 20,
        sort: { key: 'id', direction: 'asc' },
        filters: {},
      })
    ).rows[0]!;
    expect(seedImport).toMatchObject({ created_by: 'seed', current: true, can_roll_back: false });
    const gone = await refusal(services().rollBackPesticideImport(editorViewer, seedImport.id));
    expect(gone.message).toBe(pesticideImportMessages.historyGone);
  });

  it('drops previews left for a day, giving their files back to the cleanup', async () => {
    const made = await preview(changed);
    expect(await expirePesticidePreviews(test.app.db)).toBe(0);
    expect(await expirePesticidePreviews(test.app.db, new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect((await services().getPesticideImport(made.importId))?.import.status).toBe('cancelled');
  });

  it('reads a real-size upload (12,000 rows) in the background, answering other requests meanwhile, then applies it', async () => {
    // The sample's rows fifteen times over, each copy told apart in its last cell (作用機制).
    const rows = sample.toString('utf8').trimEnd().split('\n').slice(1);
    const copies = Array.from({ length: 15 }, (_, copy) =>
      rows.map((line, index) => `${copy * 1000 + index}${line.slice(line.indexOf(','))} #${copy}`),
    );
    const big = Buffer.from([pesticideCsvHeader.join(','), ...copies.flat()].join('\n'));
    expect(big.length).toBeGreaterThan(1_500_000);
    const file = await storeUpload(big);
    const started = performance.now();
    const queue = () =>
      services().queuePesticidePreview(
        {
          fileId: file.id,
          owner: { memberId: editor.memberId, hash: '', hashes: [] },
          fields: { snapshotDate: '2022-08-01' },
        },
        editorViewer,
      );
    // A double click: one import.
    const [queued, again] = await Promise.all([queue(), queue()]);
    expect(again.importId).toBe(queued.importId);
    expect([queued.reused, again.reused].sort()).toEqual([false, true]);
    const importRow = async () =>
      (await test.app.db.select().from(pesticideImports).where(eq(pesticideImports.id, queued.importId)))[0]!;

    // Once the job has begun reading, other requests are answered while it goes on: each before the
    // preview is done (decision 0350). Before, the preview's one transaction held the embedded
    // database's only connection, and requests waited for all of it.
    const reading = await until(async () => {
      const row = await importRow();
      return row.rowsRead > 0 && row;
    });
    expect(reading.status).toBe('reading');
    const progress = await test.app.inject({ url: `/api/v1/admin/resources/pesticide-imports/${queued.importId}` });
    expect(progress.statusCode).toBe(401);
    for (let round = 0; round < 3; round += 1) {
      const carousels = await test.app.inject({ url: '/api/v1/carousels' });
      expect(carousels.statusCode).toBe(200);
      await mangoAnthracnose();
      expect((await importRow()).status).toBe('reading');
    }
    const ready = await until(async () => {
      const row = await importRow();
      return row.status !== 'reading' && row;
    });
    const previewed = performance.now();
    expect(ready).toMatchObject({ status: 'pending', accepted: 801 * 15, rowsRead: 801 * 15, bytesRead: big.length });
    expect(ready.inserted + ready.changed + ready.unchanged).toBe(801 * 15);
    await services().applyPesticideImport(editorViewer, queued.importId);
    const applied = performance.now();
    expect(await currentRows()).toHaveLength(801 * 15);
    console.log(
      `12,015 rows: preview ${Math.round(previewed - started)} ms, apply ${Math.round(applied - previewed)} ms`,
    );
    expect(applied - started).toBeLessThan(60_000);
  }, 120_000);

  it('says why a file could not be previewed on its import, in Chinese, and gives its file back', async () => {
    // The header is right (checked at upload), a quote further down is never closed.
    const broken = Buffer.from(`${pesticideCsvHeader.join(',')}\n1,番茄,"夜蛾類,新藥,1%,EC,,1000,,,,,,,,,,\n`);
    const file = await storeUpload(broken);
    const { importId } = await services().queuePesticidePreview(
      {
        fileId: file.id,
        owner: { memberId: editor.memberId, hash: '', hashes: [] },
        fields: { snapshotDate: '2022-08-01' },
      },
      editorViewer,
    );
    const failed = await until(async () => {
      const detail = await services().getPesticideImport(importId);
      return detail?.import.status === 'failed' && detail;
    });
    expect(failed.import.error).toMatch(/^CSV 的引號沒有成對結束/);
    expect(failed.applicable).toBe(false);
    expect((await refusal(services().applyPesticideImport(editorViewer, importId))).message).toBe(
      pesticideImportMessages.failed,
    );
    const [stored] = await test.app.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    expect(stored?.status).toBe('pending');
  });
});
