import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { consulevelListCall, consuListpCall, consuoptionListCall, type ConsultationOption } from '@pest/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { loadWizardTrees } from './load-wizard-trees';

describe('the wizard demo trees after seeding', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  async function call<T extends z.ZodType>(name: string, payload: object, data: T): Promise<z.output<T>> {
    const response = await test.app.inject({ method: 'POST', url: `/api/info/${name}`, payload });
    expect(response.statusCode, `${name} ${JSON.stringify(payload)}: ${response.body}`).toBe(200);
    return data.parse((response.json() as { d: unknown }).d);
  }

  it('leads every final option of every crop to a record or IPM sheet that exists, with served pictures', async () => {
    const crops = await call('consuListp', {}, consuListpCall.data);
    expect(crops.map((crop) => crop.id)).toEqual([10, 9, 3, 5, 2, 7]);
    const finals: ConsultationOption[] = [];
    const pictures = new Set<string>();
    for (const crop of crops) {
      const levels = await call('consulevelList', { a1: crop.id }, consulevelListCall.data);
      expect(levels.length, crop.cname).toBeGreaterThanOrEqual(2);
      const walk = async (depth: number, previous: number | null) => {
        const level = levels[depth] as (typeof levels)[number];
        const options = await call('consuoptionList', { a1: level.id, a2: previous ?? 0 }, consuoptionListCall.data);
        expect(options.length, `${crop.cname} level ${depth + 1} under ${previous}`).toBeGreaterThan(0);
        for (const option of options) {
          expect(option.pic, option.label).not.toBe('');
          pictures.add(option.pic);
          expect(option.team_authored).toBe(true);
          if (level.last) finals.push(option);
          else await walk(depth + 1, option.id);
        }
      };
      await walk(0, null);
    }
    expect(finals.length).toBeGreaterThan(60);
    // Every seeded final card is shown: none leads to a draft, which the wizard would leave out.
    const { rows } = (await test.app.db.execute(sql`
      SELECT count(*)::int AS total FROM consultation_options o
      JOIN consultation_levels l ON l.id = o.level_id
      WHERE l.position = (SELECT max(position) FROM consultation_levels WHERE crop_id = l.crop_id)`)) as unknown as {
      rows: Array<{ total: number }>;
    };
    expect(finals).toHaveLength(rows[0]!.total);
    for (const option of finals) {
      const target = /^(?<label>.+)-(?<id>\d+)$/.exec(option.name)?.groups;
      expect(target, option.name).toBeDefined();
      if (option.label.includes('IPM')) {
        expect(option.link).toBe(`/IPM/detail?id=${target?.id}`);
        const sheet = await test.app.inject({ method: 'POST', url: '/api/info/ipmsheet', payload: { a1: target?.id } });
        expect(sheet.statusCode, option.name).toBe(200);
      } else {
        expect(option.link).toBe(`/search/bug/detail?id=${target?.id}`);
        const record = await test.app.inject({
          method: 'POST',
          url: '/api/info/loadDetail',
          payload: { n1: target?.id },
        });
        expect(record.statusCode, option.name).toBe(200);
        // The card says which record it opens (a label may add a note in brackets).
        expect(option.label.startsWith(record.json().d.CName), option.name).toBe(true);
      }
    }
    for (const picture of pictures) {
      const response = await test.app.inject({ url: `/${picture}` });
      expect(response.statusCode, picture).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
  });

  it('lists the wizard pages in the sitemap: the crop choice and each online crop', async () => {
    const sitemap = await test.app.inject({ url: '/sitemap.xml' });
    for (const id of [10, 9, 3, 5, 2, 7]) expect(sitemap.body).toContain(`/consultation?id=${id}</loc>`);
  });
});

describe('the wizard tree files', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'wizard-trees-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function load(tree: object) {
    await writeFile(path.join(folder, 'crop.json'), JSON.stringify(tree));
    return loadWizardTrees(pathToFileURL(`${folder}/`));
  }
  const base = { id: 1, cname: '水稻', picture: '稻熱病', levels: ['部位', '病蟲害'] };

  it('accepts a well-formed tree', async () => {
    const [tree] = await load({
      ...base,
      options: [{ label: '葉片', options: [{ label: '稻熱病', record: '稻熱病' }] }],
    });
    expect(tree).toMatchObject({ id: 1, teamAuthored: true, file: 'crop.json' });
  });

  it('refuses branches of the wrong depth, IPM rules broken and labels with a dash, naming the file', async () => {
    await expect(load({ ...base, options: [{ label: '稻熱病', record: '稻熱病' }] })).rejects.toThrow(
      /leads nowhere|crop\.json/,
    );
    await expect(
      load({
        ...base,
        options: [{ label: '葉片', options: [{ label: '管理', ipm: '水稻稻熱病整合管理', picture: '稻熱病' }] }],
      }),
    ).rejects.toThrow(/must say IPM/);
    await expect(
      load({ ...base, options: [{ label: '葉片', options: [{ label: '稻熱病 IPM', record: '稻熱病' }] }] }),
    ).rejects.toThrow(/only IPM cards/);
    await expect(
      load({ ...base, options: [{ label: '葉-片', options: [{ label: '稻熱病', record: '稻熱病' }] }] }),
    ).rejects.toThrow(/crop\.json/);
  });
});
