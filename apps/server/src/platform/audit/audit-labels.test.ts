import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contracts from '@pest/contracts';
import { catalogueCollections, isAdminContract, orderMoves, type AdminContract } from '@pest/contracts';
import { describe, expect, it } from 'vitest';
import { features } from '../../features';
import { AuditVocabulary, platformAuditLabels } from './audit-labels';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    }),
  );
  return nested.flat();
}

/**
 * The actions written with a computed name, by the template or the variable as the source spells
 * it, and what it may become: a new one fails below until it is listed here with its actions.
 */
const collectionEntities = Object.values(catalogueCollections).map((collection) => `catalogue-${collection.path}`);
const computedActions: Record<string, string[]> = {
  '`${entity}.create`': collectionEntities.map((entity) => `${entity}.create`),
  '`${entity}.update`': collectionEntities.map((entity) => `${entity}.update`),
  '`${entity}.delete`': collectionEntities.map((entity) => `${entity}.delete`),
  '`${entity}.reorder`': collectionEntities.map((entity) => `${entity}.reorder`),
  '`order.${move}`': Object.keys(orderMoves).map((move) => `order.${move}`),
  "`catalog-${table === 'types' ? 'type' : 'detail'}.reorder`": ['catalog-type.reorder', 'catalog-detail.reorder'],
  "`discussion.${kind}.${hidden ? 'hide' : 'restore'}`": [
    'discussion.question.hide',
    'discussion.question.restore',
    'discussion.comment.hide',
    'discussion.comment.restore',
  ],
  "`discussion.identity.${blocked ? 'block' : 'unblock'}`": [
    'discussion.identity.block',
    'discussion.identity.unblock',
  ],
  '`${kind.entity}.delete`': ['ipm-file.delete', 'news-file.delete', 'quick-file.delete'],
  '`${kind.entity}.update`': ['ipm-file.update', 'news-file.update', 'quick-file.update'],
  '`${kind.entity}.create`': ['ipm-file.create', 'news-file.create', 'quick-file.create'],
  // write-reading-room-item.ts: the reading room's saves.
  "`${item.entity}.${row ? 'update' : 'create'}`": ['ipm-sheet', 'publication', 'video'].flatMap((entity) => [
    `${entity}.create`,
    `${entity}.update`,
  ]),
  viewPersonalDataAction: ['consultation-case.view-personal-data'],
  // save-record.ts: an edit, or an edit that publishes or withdraws the record.
  action: ['record.update', 'record.publish', 'record.unpublish'],
  "`${kindName}.${state === 'published' ? 'publish' : 'unpublish'}`": [
    'ipm-sheet',
    'publication',
    'news',
    'video',
    'quick-item',
  ].flatMap((kind) => [`${kind}.publish`, `${kind}.unpublish`]),
};

describe('the audit log in the staff language', () => {
  const adminContracts = (Object.values(contracts) as unknown[]).filter(isAdminContract) as AdminContract[];
  const words = new AuditVocabulary(
    [platformAuditLabels, ...features.flatMap((feature) => (feature.auditLabels ? [feature.auditLabels] : []))],
    adminContracts,
  );

  it('has a label for every action the code writes to it', async () => {
    const actions = new Set<string>();
    const unknownTemplates: string[] = [];
    for (const file of await sourceFiles(sourceRoot)) {
      const text = await fs.readFile(file, 'utf8');
      if (!text.includes('recordAudit(') || file.endsWith(path.join('audit', 'record-audit.ts'))) continue;
      // The property's expression, a ternary over several lines included; or the shorthand `action,`.
      for (const match of text.matchAll(/\baction(?::\s*([^,\n]+(?:\n\s*[?:][^,\n]+)*)|,)/g)) {
        const expression = (match[1] ?? 'action').trim();
        // A type (`action: string;`), a parameter or a mail's button (`action: { label, url }`), not an entry.
        if (expression.endsWith(';') || expression.startsWith('string') || expression.startsWith('{')) continue;
        const parts = [...expression.matchAll(/'[^']+'|`[^`]+`/g)].map((part) => part[0]);
        if (parts.length === 0) parts.push(expression);
        for (const written of parts) {
          if (written.startsWith("'")) actions.add(written.slice(1, -1));
          else if (computedActions[written]) computedActions[written].forEach((action) => actions.add(action));
          else unknownTemplates.push(`${path.relative(sourceRoot, file)}: ${written}`);
        }
      }
    }
    expect(unknownTemplates, 'computed audit actions to list in this test with their labels').toEqual([]);
    expect(actions.size).toBeGreaterThan(50);
    const unlabelled = [...actions].filter((action) => words.action(action) === null);
    expect(unlabelled, 'audit actions without a label in their feature’s auditLabels').toEqual([]);
  });

  it('names actions, entities and fields in Chinese', () => {
    expect(words.action('member.set-access')).toBe('設定會員權限');
    expect(words.action('record.update')).toBe('修改病蟲害資料');
    expect(words.action('catalogue-products.reorder')).toBe('調整商品順序');
    expect(words.entity('contact-messages')).toBe('聯絡信箱');
    expect(words.fieldLabels({ c_name: '斜紋夜蛾', roles: [] }, null)).toEqual({ c_name: '中文名稱', roles: '角色' });
  });
});
