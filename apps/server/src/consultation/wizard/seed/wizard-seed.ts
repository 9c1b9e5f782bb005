import type { Executor } from '../../../platform/database/database';
import type { SeedSet } from '../../../platform/database/seed';
import { findIpmSheetsByTitle } from '../../../reading-room';
import { findRecordsByName } from '../../../records';
import { consultationCrops, consultationLevels, consultationOptions } from '../../schema';
import { loadWizardTrees, type WizardTree, type WizardTreeOption } from './load-wizard-trees';

function eachOption(options: readonly WizardTreeOption[], visit: (option: WizardTreeOption) => void) {
  for (const option of options) {
    visit(option);
    if (option.options) eachOption(option.options, visit);
  }
}

const recordNameOf = (pictureRef: string) => pictureRef.split('#')[0] as string;

/** What the trees name, resolved against the seeded records and IPM sheets. */
async function resolveTargets(db: Executor, trees: readonly WizardTree[]) {
  const recordNames = new Set<string>();
  const ipmTitles = new Set<string>();
  for (const tree of trees) {
    recordNames.add(recordNameOf(tree.picture));
    eachOption(tree.options, (option) => {
      if (option.picture) recordNames.add(recordNameOf(option.picture));
      if (option.record) recordNames.add(option.record);
      if (option.ipm) ipmTitles.add(option.ipm);
    });
  }
  const records = await findRecordsByName(db, [...recordNames]);
  const ipmSheets = await findIpmSheetsByTitle(db, [...ipmTitles]);
  const picture = (ref: string): string | undefined => {
    const [name, position] = ref.split('#');
    return records.get(name as string)?.albumPictures[Number(position ?? 1) - 1];
  };
  /** Whether everything the tree names is there (every picture, record and IPM sheet). */
  const resolves = (tree: WizardTree): boolean => {
    let complete = picture(tree.picture) !== undefined;
    eachOption(tree.options, (option) => {
      if (option.record && !records.has(option.record)) complete = false;
      if (option.ipm && !ipmSheets.has(option.ipm)) complete = false;
      if (picture(option.picture ?? option.record ?? '') === undefined) complete = false;
    });
    return complete;
  };
  return {
    resolves,
    picture: (ref: string) => picture(ref) ?? '',
    targetId: (option: WizardTreeOption) =>
      option.ipm ? (ipmSheets.get(option.ipm) ?? 0) : (records.get(option.record ?? '')?.id ?? 0),
  };
}

/**
 * The diagnosis wizard's demo trees (seed/data/wizard, decision 0150): six crops whose final
 * cards lead to records and IPM sheets seeded before it (records-demo-v1, reading-room-demo-v1),
 * with those records' pictures. A tree naming what this database does not hold (a site whose
 * records are not the demo ones) is left out whole, so demo content never stops a start; the
 * seed test proves the shipped trees resolve in full on a fresh install.
 */
export const wizardSeed: SeedSet = {
  name: 'consultation-wizard-demo-v1',
  async run({ db }) {
    const trees = await loadWizardTrees();
    const targets = await resolveTargets(db, trees);
    for (const [index, tree] of trees.entries()) {
      if (!targets.resolves(tree)) continue;
      await db.insert(consultationCrops).values({
        id: tree.id,
        cname: tree.cname,
        ename: tree.ename,
        online: true,
        picture: targets.picture(tree.picture),
        sortOrder: index + 1,
      });
      const levelIds = await db
        .insert(consultationLevels)
        .values(tree.levels.map((name, position) => ({ cropId: tree.id, name, position: position + 1 })))
        .returning({ id: consultationLevels.id });
      const addOptions = async (
        options: readonly WizardTreeOption[],
        depth: number,
        parent: { id: number; path: string } | null,
      ) => {
        for (const [sortOrder, option] of options.entries()) {
          const [row] = await db
            .insert(consultationOptions)
            .values({
              levelId: levelIds[depth - 1]?.id as number,
              parentOptionId: parent?.id ?? null,
              name: option.options ? option.label : `${option.label}-${targets.targetId(option)}`,
              path: parent === null ? '' : parent.path === '' ? `${parent.id}` : `${parent.path}/${parent.id}`,
              picture: targets.picture(option.picture ?? option.record ?? ''),
              teamAuthored: option.teamAuthored ?? tree.teamAuthored,
              sortOrder: sortOrder + 1,
            })
            .returning({ id: consultationOptions.id, path: consultationOptions.path });
          if (!row) throw new Error('wizard option insert returned nothing');
          if (option.options) await addOptions(option.options, depth + 1, row);
        }
      };
      await addOptions(tree.options, 1, null);
    }
  },
};
