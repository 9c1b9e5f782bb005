import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { PictureClass } from '@pest/contracts';
import type { SeedSet } from '../../platform/database/seed';
import type { PictureVariants } from '../pictures/make-picture-variants';
import { addRecordPictures } from '../services/add-record-picture';
import { createRecords, type RecordInput } from '../services/create-record';
import { importPesticideUses } from '../services/import-pesticide-uses';
import { albumViews, illustrationSvg, recordHue, viewLabel, type IllustrationView } from './illustration';
import { illustrationVariants } from './illustration-cache';
import { loadDemoOrganisms } from './load-demo-organisms';
import type { OrganismSeed } from './organism-seed';
import { pesticideSampleFileName } from '../pesticides/pesticide-sample';

export const pesticideSample = {
  file: new URL('./data/pesticide-uses-sample.csv', import.meta.url),
  fileName: pesticideSampleFileName,
  source: '農藥資訊服務網',
  snapshotDate: '2022-07-01',
} as const;

/** Checks what the type cannot: unique keys and a disease class exactly on diseases. */
export function checkOrganisms(organisms: readonly OrganismSeed[]): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const organism of organisms) {
    if (keys.has(organism.key)) problems.push(`duplicate key ${organism.key}`);
    keys.add(organism.key);
    if ((organism.type === 'disease') !== (organism.diseaseClass !== undefined)) {
      problems.push(`${organism.key}: a disease class belongs on diseases only, and every disease needs one`);
    }
    if (organism.cname.trim() === '') problems.push(`${organism.key}: empty cname`);
  }
  return problems;
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const character of text) hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash;
}

export function toRecordInput(organism: OrganismSeed, now: Date): RecordInput {
  // Demo dates spread over the last two years, so the 'new' list has an order worth showing.
  const daysAgo = hashOf(organism.key) % 730;
  return {
    type: organism.type,
    diseaseClass: organism.diseaseClass ?? null,
    cName: organism.cname,
    eName: organism.ename,
    name: organism.name,
    aliases: organism.aliases,
    eClass1: organism.eclass1,
    eClass2: organism.eclass2,
    eClass3: organism.eclass3,
    eClass4: organism.eclass4,
    eClass5: organism.eclass5,
    cClass1: organism.cclass1,
    cClass2: organism.cclass2,
    cClass3: organism.cclass3,
    property: organism.property,
    life: organism.life,
    distribute: organism.distribute,
    harm: organism.harm,
    harmPart: organism.harmPart,
    harmDetail: organism.harmDetail,
    liter: organism.liter,
    control: organism.control,
    pesticideNames: organism.pesticideNames,
    createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
    // Demo view counts, so the 'hot' list is not just the first records on a fresh site.
    views: hashOf(`views:${organism.key}`) % 500,
    demo: true,
  };
}

interface PlannedPicture {
  organism: OrganismSeed;
  view: IllustrationView;
  class: PictureClass;
  name: string;
  sort: number;
}

/** Three album pictures for every record; every eighth also gets feature, harm-photo and life-history pictures. */
export function planPictures(organisms: readonly OrganismSeed[]): PlannedPicture[] {
  const planned: PlannedPicture[] = [];
  organisms.forEach((organism, index) => {
    albumViews(organism.type).forEach((view, position) => {
      planned.push({ organism, view, class: 'album', name: `album-${position + 1}`, sort: position + 1 });
    });
    if (index % 8 === 0) {
      const extras: Array<[IllustrationView, PictureClass]> =
        organism.type === 'disease'
          ? [
              ['pathogen', 'feature'],
              ['symptom', 'harm'],
            ]
          : [
              ['feature', 'feature'],
              ['damage', 'harm'],
              ['life', 'life'],
            ];
      extras.forEach(([view, pictureClass], position) => {
        planned.push({ organism, view, class: pictureClass, name: `${pictureClass}-1`, sort: 10 + position });
      });
    }
  });
  return planned;
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the results in order. */
async function mapWithLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Demo content of the records feature: the hand-written organisms (seed/data/organisms),
 * labelled illustrations drawn at seed time as their pictures, demo view counts for the 'hot'
 * list, and the pesticide-use sample imported through the importer.
 */
export const recordsSeed: SeedSet = {
  name: 'records-demo-v1',
  async run({ db, storage }) {
    const demoOrganisms = await loadDemoOrganisms();
    const problems = checkOrganisms(demoOrganisms);
    if (problems.length > 0) throw new Error(`Invalid demo organisms:\n${problems.join('\n')}`);

    const now = new Date();
    const ids = await createRecords(
      db,
      demoOrganisms.map((organism) => toRecordInput(organism, now)),
    );
    const idByKey = new Map(demoOrganisms.map((organism, index) => [organism.key, ids[index] as number]));

    // Drawing and encoding run in parallel (sharp works off the main thread).
    const planned = planPictures(demoOrganisms);
    const variants = await mapWithLimit(planned, Math.max(2, availableParallelism()), (picture) =>
      illustrationVariants(
        illustrationSvg({
          type: picture.organism.type,
          view: picture.view,
          name: picture.organism.cname,
          hue: recordHue(picture.organism.key),
        }),
      ),
    );
    await addRecordPictures(
      db,
      storage,
      planned.map((picture, index) => ({
        recordId: idByKey.get(picture.organism.key) as number,
        image: variants[index] as PictureVariants,
        class: picture.class,
        caption: `示意圖：${picture.organism.cname}${viewLabel(picture.organism.type, picture.view)}`,
        sort: picture.sort,
        name: picture.name,
      })),
    );

    const report = await importPesticideUses(db, {
      content: await readFile(pesticideSample.file),
      fileName: pesticideSample.fileName,
      source: pesticideSample.source,
      snapshotDate: pesticideSample.snapshotDate,
      actor: { memberId: null, label: 'seed' },
    });
    if (report.rejected.length > 0) {
      throw new Error(`The pesticide sample has rejected rows: ${JSON.stringify(report.rejected.slice(0, 3))}`);
    }
  },
};
