import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Demo content lives as data files under each feature's `seed/data/` folder (decision 0075). */

function check<T>(schema: z.ZodType<T>, value: unknown, file: URL): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${fileURLToPath(file)}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** Reads and validates one JSON data file. */
export async function readSeedJson<T>(file: URL, schema: z.ZodType<T>): Promise<T> {
  return check(schema, JSON.parse(await readFile(file, 'utf8')), file);
}

export interface SeedMarkdownFile<T> {
  /** File name without `.md`. */
  name: string;
  /** The validated front matter. */
  data: T;
  /** The text after the front matter. */
  body: string;
}

const frontMatterPattern = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;

/** Splits a Markdown file into its YAML front matter (validated) and its body. */
export function parseSeedMarkdown<T>(text: string, schema: z.ZodType<T>, file: URL): { data: T; body: string } {
  const match = frontMatterPattern.exec(text.replaceAll('\r\n', '\n'));
  if (!match) throw new Error(`${fileURLToPath(file)}: the file must start with front matter between --- lines`);
  return { data: check(schema, parseYaml(match[1] ?? ''), file), body: match[2] ?? '' };
}

/** Reads every `*.md` file of a folder in file-name order (the order the seed adds them). */
export async function readSeedMarkdownFolder<T>(folder: URL, schema: z.ZodType<T>): Promise<SeedMarkdownFile<T>[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    names.map(async (fileName) => {
      const file = new URL(fileName, folder);
      return { name: fileName.slice(0, -3), ...parseSeedMarkdown(await readFile(file, 'utf8'), schema, file) };
    }),
  );
}

export interface SeedMarkdownSection {
  heading: string;
  /** The section's text as written, without the blank lines around it. */
  text: string;
}

/** Splits a Markdown body at its `## ` headings. The text is taken as written. Why: decision 0075. */
export function splitSeedSections(body: string, file: URL): SeedMarkdownSection[] {
  const sections: SeedMarkdownSection[] = [];
  let current: { heading: string; lines: string[] } | null = null;
  const finish = () => {
    if (current) sections.push({ heading: current.heading, text: current.lines.join('\n').replace(/^\n+|\n+$/g, '') });
  };
  for (const line of body.split('\n')) {
    if (line.startsWith('## ')) {
      finish();
      current = { heading: line.slice(3).trim(), lines: [] };
    } else if (current) {
      current.lines.push(line);
    } else if (line.trim() !== '') {
      throw new Error(`${fileURLToPath(file)}: text before the first "## " heading`);
    }
  }
  finish();
  return sections;
}

/**
 * Splits a section's text into paragraphs and bullets: blocks are separated by blank lines, and a block whose every
 * line starts with "- " is a list of bullets, one a line. Why: decision 0075.
 */
export function splitParagraphsAndBullets(text: string, file: URL): { paragraphs: string[]; bullets: string[] } {
  const paragraphs: string[] = [];
  const bullets: string[] = [];
  for (const block of text.split(/\n{2,}/).filter((each) => each.trim() !== '')) {
    const lines = block.split('\n');
    if (lines.every((line) => line.startsWith('- '))) {
      bullets.push(...lines.map((line) => line.slice(2)));
    } else if (bullets.length > 0) {
      throw new Error(`${fileURLToPath(file)}: a paragraph after a list; write paragraphs first`);
    } else {
      paragraphs.push(block);
    }
  }
  return { paragraphs, bullets };
}
