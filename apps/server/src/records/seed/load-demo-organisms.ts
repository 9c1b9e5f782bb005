import { fileURLToPath } from 'node:url';
import { readSeedMarkdownFolder, splitSeedSections } from '../../platform/database/seed-files';
import {
  organismFrontMatterSchema,
  organismTextFields,
  organismTextHeadings,
  type OrganismSeed,
  type OrganismTextField,
  type RecordType,
} from './organism-seed';

/** The organisms' folder; listed in apps/server/seed-data-folders.json with the rest of seed/data. */
export const organismsFolder = new URL('./data/organisms/', import.meta.url);

/** One folder per record type, in the order their records are added. */
const typeFolders: Array<[folder: string, type: RecordType]> = [
  ['pests', 'pest'],
  ['diseases', 'disease'],
  ['beneficials', 'beneficial'],
  ['mites', 'mite'],
];

/** `012-oriental-fruit-fly.md`: the number orders the records, the rest is the record's key. */
const fileNamePattern = /^\d{3}-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/**
 * Reads every demo organism from its Markdown file: identity and taxonomy in the front matter,
 * the tab texts as `## ` sections named by the record type's headings (organismTextHeadings).
 */
export async function loadDemoOrganisms(): Promise<OrganismSeed[]> {
  const organisms: OrganismSeed[] = [];
  for (const [folderName, type] of typeFolders) {
    const folder = new URL(`${folderName}/`, organismsFolder);
    for (const file of await readSeedMarkdownFolder(folder, organismFrontMatterSchema)) {
      const where = fileURLToPath(new URL(`${file.name}.md`, folder));
      const key = fileNamePattern.exec(file.name)?.[1];
      if (!key) throw new Error(`${where}: name the file NNN-key.md (a three-digit order, then a lowercase key)`);
      const fieldByHeading = new Map(
        organismTextFields.map((field) => [organismTextHeadings[type][field], field] as const),
      );
      const texts: Partial<Record<OrganismTextField, string>> = {};
      for (const section of splitSeedSections(file.body, new URL(`${file.name}.md`, folder))) {
        const field = fieldByHeading.get(section.heading);
        if (!field) throw new Error(`${where}: unknown heading "## ${section.heading}" for a ${type}`);
        if (texts[field] !== undefined) throw new Error(`${where}: "## ${section.heading}" appears twice`);
        texts[field] = section.text;
      }
      const missing = organismTextFields.filter((field) => texts[field] === undefined);
      if (missing.length > 0) {
        throw new Error(
          `${where}: missing ${missing.map((field) => `"## ${organismTextHeadings[type][field]}"`).join(', ')}`,
        );
      }
      organisms.push({ key, type, ...file.data, ...(texts as Record<OrganismTextField, string>) });
    }
  }
  return organisms;
}
