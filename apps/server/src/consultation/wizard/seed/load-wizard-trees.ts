import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readSeedJson } from '../../../platform/database/seed-files';

/** The wizard trees' folder; its parent is listed in apps/server/seed-data-folders.json. */
export const wizardTreesFolder = new URL('../../seed/data/wizard/', import.meta.url);

const text = z.string().trim().min(1);
/** A record's exact 中文名稱, optionally `#n` for its n-th album picture. */
const pictureRef = z.string().regex(/^[^#]+(#[1-9][0-9]?)?$/, '記錄名稱，或「記錄名稱#n」');
const label = text.refine((value) => !value.includes('-'), 'a label holds no "-" (the final name is label-target)');

export interface WizardTreeOption {
  label: string;
  picture?: string | undefined;
  teamAuthored?: boolean | undefined;
  /** Final cards: the record (中文名稱) or IPM sheet (title) they lead to. */
  record?: string | undefined;
  ipm?: string | undefined;
  options?: WizardTreeOption[] | undefined;
}

const optionSchema: z.ZodType<WizardTreeOption> = z.lazy(() =>
  z
    .strictObject({
      label,
      picture: pictureRef.optional(),
      teamAuthored: z.boolean().optional(),
      record: text.optional(),
      ipm: text.optional(),
      options: z.array(optionSchema).min(1).optional(),
    })
    .superRefine((option, context) => {
      const targets = [option.record, option.ipm, option.options].filter((part) => part !== undefined).length;
      if (targets !== 1)
        context.addIssue({ code: 'custom', message: `"${option.label}": give exactly one of record, ipm, options` });
      if (option.ipm !== undefined && !/IPM/i.test(option.label)) {
        context.addIssue({ code: 'custom', message: `"${option.label}": a card leading to an IPM sheet must say IPM` });
      }
      if (option.record !== undefined && /IPM/i.test(option.label)) {
        context.addIssue({ code: 'custom', message: `"${option.label}": only IPM cards may say IPM` });
      }
      if (option.ipm !== undefined && option.picture === undefined) {
        context.addIssue({ code: 'custom', message: `"${option.label}": an IPM card needs a picture` });
      }
    }),
);

const treeSchema = z.strictObject({
  id: z.number().int().min(1),
  cname: text,
  ename: z.string().default(''),
  picture: pictureRef,
  teamAuthored: z.boolean().default(true),
  levels: z.array(text).min(1).max(6),
  options: z.array(optionSchema).min(1),
});
export type WizardTree = z.infer<typeof treeSchema> & { file: string };

/** Problems the schema cannot see: branches of the wrong depth, and duplicate crop ids. */
export function checkWizardTrees(trees: readonly WizardTree[]): string[] {
  const problems: string[] = [];
  const ids = new Set<number>();
  for (const tree of trees) {
    if (ids.has(tree.id)) problems.push(`${tree.file}: crop id ${tree.id} is used twice`);
    ids.add(tree.id);
    const walk = (options: readonly WizardTreeOption[], depth: number) => {
      for (const option of options) {
        const final = depth === tree.levels.length;
        if (final && option.options)
          problems.push(`${tree.file}: "${option.label}" is on the last level but has options`);
        if (!final && !option.options) {
          problems.push(
            `${tree.file}: "${option.label}" is on level ${depth} of ${tree.levels.length} but leads nowhere`,
          );
        }
        if (option.options) walk(option.options, depth + 1);
      }
    };
    walk(tree.options, 1);
  }
  return problems;
}

/** Reads every tree (`*.json`, in file-name order: the crop menu's order) and checks it. */
export async function loadWizardTrees(folder: URL = wizardTreesFolder): Promise<WizardTree[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const trees = await Promise.all(
    names.map(async (name) => ({ ...(await readSeedJson(new URL(name, folder), treeSchema)), file: name })),
  );
  const problems = checkWizardTrees(trees);
  if (problems.length > 0) throw new Error(`${fileURLToPath(folder)}:\n${problems.join('\n')}`);
  return trees;
}
