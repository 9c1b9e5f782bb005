import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  parseSeedMarkdown,
  readSeedJson,
  readSeedMarkdownFolder,
  splitParagraphsAndBullets,
  splitSeedSections,
} from './seed-files';

const serverRoot = new URL('../../../', import.meta.url);
const file = new URL('file:///content/sheet.md');
const schema = z.strictObject({ title: z.string().min(1), tags: z.array(z.string()).default([]) });

describe('seed data files', () => {
  it('lists every seed/data folder in seed-data-folders.json, for the build to copy', async () => {
    const { folders } = JSON.parse(await readFile(new URL('seed-data-folders.json', serverRoot), 'utf8')) as {
      folders: string[];
    };
    for (const folder of folders) expect((await stat(new URL(`${folder}/`, serverRoot))).isDirectory()).toBe(true);
    const found: string[] = [];
    for (const feature of await readdir(new URL('src/', serverRoot), { withFileTypes: true })) {
      if (!feature.isDirectory()) continue;
      const candidate = `src/${feature.name}/seed/data`;
      if (await stat(new URL(`${candidate}/`, serverRoot)).catch(() => null)) found.push(candidate);
    }
    expect(found.sort()).toEqual([...folders].sort());
  });

  it('reads front matter and body, and names the file when the front matter is wrong', () => {
    expect(parseSeedMarkdown('---\ntitle: 稻熱病\ntags: [水稻]\n---\n\n## 病徵\n\n葉片\n', schema, file)).toEqual({
      data: { title: '稻熱病', tags: ['水稻'] },
      body: '\n## 病徵\n\n葉片\n',
    });
    expect(() => parseSeedMarkdown('## 病徵\n', schema, file)).toThrow(
      /sheet\.md: the file must start with front matter/,
    );
    expect(() => parseSeedMarkdown('---\ntitle: ""\nextra: 1\n---\n', schema, file)).toThrow(/sheet\.md:[\s\S]*title/);
  });

  it('keeps section text verbatim, single line breaks included', () => {
    const body = '\n## 參考文獻\n\n植物保護手冊。\n臺灣農家要覽。\n\n## 防治方法\n\n第一段。\n\n第二段。\n';
    expect(splitSeedSections(body, file)).toEqual([
      { heading: '參考文獻', text: '植物保護手冊。\n臺灣農家要覽。' },
      { heading: '防治方法', text: '第一段。\n\n第二段。' },
    ]);
    expect(() => splitSeedSections('前言\n## 一\n', file)).toThrow(/before the first "## " heading/);
  });

  it('splits a section into paragraphs, then bullets', () => {
    expect(splitParagraphsAndBullets('說明一。\n\n說明二。\n\n- 甲\n- 乙', file)).toEqual({
      paragraphs: ['說明一。', '說明二。'],
      bullets: ['甲', '乙'],
    });
    expect(() => splitParagraphsAndBullets('- 甲\n\n說明。', file)).toThrow(/paragraph after a list/);
  });

  it('reads a folder in file-name order and validates JSON files', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'seed-files-'));
    await writeFile(path.join(folder, '02-b.md'), '---\ntitle: 乙\n---\n');
    await writeFile(path.join(folder, '01-a.md'), '---\ntitle: 甲\n---\n');
    await writeFile(path.join(folder, 'list.json'), '[{ "title": "" }]');
    const url = pathToFileURL(`${folder}/`);
    const files = await readSeedMarkdownFolder(url, schema);
    expect(files.map((each) => [each.name, each.data.title])).toEqual([
      ['01-a', '甲'],
      ['02-b', '乙'],
    ]);
    await expect(readSeedJson(new URL('list.json', url), z.array(schema))).rejects.toThrow(/list\.json:[\s\S]*title/);
  });
});
