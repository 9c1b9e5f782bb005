import { fileURLToPath } from 'node:url';
import { newsClasses } from '@pest/contracts';
import { z } from 'zod';
import {
  readSeedJson,
  readSeedMarkdownFolder,
  splitParagraphsAndBullets,
  splitSeedSections,
} from '../../platform/database/seed-files';
import { coverMotifs } from './demo-covers';
import type { DemoDocument } from './demo-pdf';

/**
 * The reading room's demo content, read from seed/data (decision 0075): IPM sheets as Markdown
 * files (long structured documents), the list-shaped items — publications, videos, quick-start
 * notices, news, researchers — as JSON. Every file is validated here.
 */

/** The data folder; listed in apps/server/seed-data-folders.json with the rest of seed/data. */
export const readingRoomDataFolder = new URL('./data/', import.meta.url);

const text = z.string().min(1);
/** yyyy-MM-dd, read as Taiwan time by the seed. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
/** yyyy-MM-dd HH:mm, Taiwan time. */
const minute = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm');
const colour = z.string().regex(/^#[0-9a-f]{6}$/i, '#rrggbb');
const coverTheme = z.strictObject({ motif: z.enum(coverMotifs), from: colour, to: colour });
/** A CSV file's rows, the heading row first. */
const csvRows = z.array(z.array(z.string())).min(1);
const documentSections = z.array(
  z.strictObject({ heading: text, paragraphs: z.array(text).optional(), bullets: z.array(text).optional() }),
);

// ── IPM: data/ipm/categories.json and one Markdown file per sheet ──

const ipmCategoriesSchema = z.array(z.strictObject({ name: text, cover: coverTheme })).min(1);

/** A sheet's front matter; its body is the sheet's document (`## ` sections, paragraphs, `- ` bullets). */
const ipmSheetFrontMatter = z.strictObject({
  category: text,
  title: text,
  /** The summary shown on the sheet's card and page. */
  detail: text,
  /** Extra downloads: a CSV made from `rows`, or a PDF made from `document`. */
  otherFiles: z
    .array(
      z.union([
        z.strictObject({ name: text.endsWith('.csv'), rows: csvRows }),
        z.strictObject({ name: text.endsWith('.pdf'), document: documentSections }),
      ]),
    )
    .default([]),
});

export interface IpmSheetContent {
  title: string;
  detail: string;
  sections: DemoDocument['sections'];
  otherFiles: Array<{ name: string; document?: DemoDocument['sections']; rows?: string[][] }>;
}

export interface IpmCategoryContent {
  name: string;
  cover: z.infer<typeof coverTheme>;
  sheets: IpmSheetContent[];
}

/** Reads a Markdown body into document sections (paragraphs and bullets, left out when empty). */
function documentOf(body: string, file: URL): DemoDocument['sections'] {
  return splitSeedSections(body, file).map(({ heading, text: sectionText }) => {
    const { paragraphs, bullets } = splitParagraphsAndBullets(sectionText, file);
    return {
      heading,
      ...(paragraphs.length > 0 ? { paragraphs } : {}),
      ...(bullets.length > 0 ? { bullets } : {}),
    };
  });
}

async function loadIpmCategories(): Promise<IpmCategoryContent[]> {
  const folder = new URL('ipm/', readingRoomDataFolder);
  const categories = (await readSeedJson(new URL('categories.json', folder), ipmCategoriesSchema)).map((category) => ({
    ...category,
    sheets: [] as IpmSheetContent[],
  }));
  const byName = new Map(categories.map((category) => [category.name, category]));
  for (const sheet of await readSeedMarkdownFolder(folder, ipmSheetFrontMatter)) {
    const file = new URL(`${sheet.name}.md`, folder);
    const category = byName.get(sheet.data.category);
    if (!category) {
      throw new Error(`${fileURLToPath(file)}: category "${sheet.data.category}" is not in ipm/categories.json`);
    }
    const sections = documentOf(sheet.body, file);
    if (sections.length === 0) throw new Error(`${fileURLToPath(file)}: the sheet has no "## " sections`);
    category.sheets.push({
      title: sheet.data.title,
      detail: sheet.data.detail,
      sections,
      otherFiles: sheet.data.otherFiles,
    });
  }
  return categories;
}

// ── Publications: data/publications.json ──

const publicationSeries = ['atlas', 'bulletin', 'manual', 'quarterly', 'symposium'] as const;
export type PublicationSeries = (typeof publicationSeries)[number];

const publicationsSchema = z.strictObject({
  /** Each series' name (printed on its PDFs) and cover. */
  series: z.record(z.enum(publicationSeries), z.strictObject({ name: text, cover: coverTheme })),
  publications: z.array(
    z.strictObject({
      series: z.enum(publicationSeries),
      /** Ends with the year in full-width parentheses, where the spec's year rule finds it. */
      title: text,
      detail: text,
      publishedOn: day,
      /** The table of contents printed in the PDF. */
      contents: z.array(text),
    }),
  ),
});

// ── Videos: data/videos.json ──

const videosSchema = z.strictObject({
  covers: z.record(z.string(), coverTheme),
  videos: z.array(
    z.strictObject({
      title: text,
      summary: text,
      /** Three or four, one clip slide each; short enough for one line of large text (12 characters). */
      points: z.array(z.string().min(1).max(12)).min(3).max(4),
      publishedOn: day,
      /** A key of `covers`. */
      cover: text,
    }),
  ),
});

const demoVideoNote = '（示範內容：無聲的示範短片，正式上線時由管理者替換為實際影片。）';

export interface VideoContent {
  title: string;
  /** The summary, then every point of the clip, so the text is the clip's text alternative. */
  detail: string;
  points: string[];
  publishedOn: string;
  /** The cover's key in videos.json: videos sharing it share one stored cover. */
  coverName: string;
  cover: z.infer<typeof coverTheme>;
}

// ── Quick start, news, researchers ──

const quickSchema = z.array(
  z.strictObject({
    title: text,
    announcedAt: minute,
    intro: text,
    steps: z.array(text).min(1),
    /** Optional link inside the content, to show that rich text can carry one. */
    link: z.strictObject({ href: text, text }).optional(),
    /** Base of the handout's file name: '病蟲害查詢操作說明' → '病蟲害查詢操作說明.pdf'. */
    handout: text,
    form: z.strictObject({ name: text.endsWith('.csv'), rows: csvRows }).optional(),
  }),
);

const newsSchema = z.array(
  z.strictObject({
    class: z.enum(newsClasses),
    title: text,
    postedAt: minute,
    summary: text,
    paragraphs: z.array(text).min(1),
    /** A PDF made from the item's own text, with this name. */
    attachment: text.endsWith('.pdf').optional(),
    /** 0 hides the item (news shows any non-zero status); 1 when absent. */
    status: z.number().int().min(0).optional(),
  }),
);

const researchersSchema = z.array(
  z.strictObject({
    name: text,
    room: text,
    job: text,
    sex: z.enum(['M', 'F']),
    specialty: text,
    link: z.string().nullable(),
  }),
);

export interface ReadingRoomContent {
  ipmCategories: IpmCategoryContent[];
  publicationSeries: z.infer<typeof publicationsSchema>['series'];
  publications: z.infer<typeof publicationsSchema>['publications'];
  videos: VideoContent[];
  quick: z.infer<typeof quickSchema>;
  news: z.infer<typeof newsSchema>;
  researchers: z.infer<typeof researchersSchema>;
}

/** Reads the videos alone: the clips upgrade seed needs nothing else. */
export async function loadDemoVideos(): Promise<VideoContent[]> {
  const file = new URL('videos.json', readingRoomDataFolder);
  const { covers, videos } = await readSeedJson(file, videosSchema);
  return videos.map(({ summary, cover, ...video }) => {
    const theme = covers[cover];
    if (!theme) throw new Error(`${fileURLToPath(file)}: video "${video.title}" names an unknown cover "${cover}"`);
    return {
      title: video.title,
      detail: `${summary}影片重點：${video.points.join('；')}。${demoVideoNote}`,
      points: video.points,
      publishedOn: video.publishedOn,
      coverName: cover,
      cover: theme,
    };
  });
}

/** Reads and validates every reading-room data file. */
export async function loadReadingRoomContent(): Promise<ReadingRoomContent> {
  const [ipmCategories, publications, videos, quick, news, researchers] = await Promise.all([
    loadIpmCategories(),
    readSeedJson(new URL('publications.json', readingRoomDataFolder), publicationsSchema),
    loadDemoVideos(),
    readSeedJson(new URL('quick.json', readingRoomDataFolder), quickSchema),
    readSeedJson(new URL('news.json', readingRoomDataFolder), newsSchema),
    readSeedJson(new URL('researchers.json', readingRoomDataFolder), researchersSchema),
  ]);
  return {
    ipmCategories,
    publicationSeries: publications.series,
    publications: publications.publications,
    videos,
    quick,
    news,
    researchers,
  };
}
