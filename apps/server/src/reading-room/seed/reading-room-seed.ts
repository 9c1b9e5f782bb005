import { newsClassLabels, type NewsClass } from '@pest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database/database';
import type { SeedSet } from '../../platform/database/seed';
import type { FileStorage } from '../../platform/storage/file-storage';
import {
  ipmFiles,
  ipmSheets,
  news,
  newsFiles,
  newsPictures,
  publications,
  quickFiles,
  quickItems,
  researchers,
  videos,
} from '../schema';
import { readingRoomSearchKinds } from '../services/reading-room-search-entry';
import { refreshReadingRoomSearch } from '../services/refresh-reading-room-search';
import { storeCover, type CoverTheme } from './demo-covers';
import { storeFirstPageCover } from './first-page-cover';
import { demoClipFormat, renderDemoClip } from './demo-clip';
import { createDemoPdfWriter, type DemoPdfWriter } from './demo-pdf';
import {
  loadDemoVideos,
  loadReadingRoomContent,
  type IpmCategoryContent,
  type ReadingRoomContent,
  type VideoContent,
} from './load-reading-room-content';

const publisher = '作物病蟲害資訊網（示範內容）';
/** The notice closing every demo notice and news text shown on the site. */
const demoTextNotice = '示範內容：本則資料為網站展示用途撰寫，不代表正式公告或技術建議。';

/** Taiwan has no daylight saving time, so a fixed +08:00 offset is exact. */
function taiwanTime(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}${value.length === 10 ? 'T00:00' : ''}:00+08:00`);
}

/** UTF-8 with a byte-order mark, so spreadsheet programs open the Chinese headings correctly. */
function csvFile(rows: string[][]): Buffer {
  const escape = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(escape).join(',')).join('\r\n')}\r\n`, 'utf8');
}

async function put(storage: FileStorage, key: string, data: Uint8Array) {
  return (await storage.put(key, data)).size;
}

async function seedIpm(db: Executor, storage: FileStorage, pdf: DemoPdfWriter, ipmCategories: IpmCategoryContent[]) {
  let sort = 0;
  for (const category of ipmCategories) {
    for (const sheet of category.sheets) {
      sort += 1;
      const pdfKey = `reading-room/ipm/sheet-${sort}.pdf`;
      const document = {
        title: sheet.title,
        byline: `IPM 技術資料・${category.name}・${publisher}`,
        sections: sheet.sections,
      };
      const pdfSize = await put(storage, pdfKey, await pdf.write(document));
      // Each sheet its own picture: the top of its first page.
      const cover = await storeFirstPageCover(storage, `ipm-sheet-${sort}`, document, category.cover);
      const [row] = await db
        .insert(ipmSheets)
        .values({
          category: category.name,
          title: sheet.title,
          detail: sheet.detail,
          pdfKey,
          pdfName: `${sheet.title}.pdf`,
          pdfSize,
          ...cover,
          sort,
        })
        .returning({ id: ipmSheets.id });
      if (!row) throw new Error('IPM sheet insert returned nothing');
      for (const [fileIndex, file] of sheet.otherFiles.entries()) {
        const extension = file.rows ? 'csv' : 'pdf';
        const key = `reading-room/ipm/sheet-${sort}-file-${fileIndex + 1}.${extension}`;
        const data = file.rows
          ? csvFile(file.rows)
          : await pdf.write({
              title: file.name.replace(/\.pdf$/, ''),
              byline: `${sheet.title}・附件・${publisher}`,
              sections: file.document ?? [],
            });
        const size = await put(storage, key, data);
        await db
          .insert(ipmFiles)
          .values({ ipmId: row.id, storageKey: key, fileName: file.name, size, sort: fileIndex });
      }
    }
  }
}

async function seedPublications(
  db: Executor,
  storage: FileStorage,
  pdf: DemoPdfWriter,
  { publicationSeries, publications: publicationContents }: ReadingRoomContent,
) {
  const covers = new Map<string, Awaited<ReturnType<typeof storeCover>>>();
  for (const [series, { cover }] of Object.entries(publicationSeries)) {
    covers.set(series, await storeCover(storage, `publication-${series}`, cover));
  }
  for (const [index, publication] of publicationContents.entries()) {
    const pdfKey = `reading-room/publications/publication-${index + 1}.pdf`;
    const pdfSize = await put(
      storage,
      pdfKey,
      await pdf.write({
        title: publication.title,
        byline: `${publicationSeries[publication.series].name}・出版日期 ${publication.publishedOn.replaceAll('-', '/')}・${publisher}`,
        sections: [
          { heading: '摘要', paragraphs: [publication.detail] },
          { heading: '目次', bullets: publication.contents },
          { heading: '出版說明', paragraphs: ['本出版品為網站示範內容，摘要與目次僅供展示版面與下載功能。'] },
        ],
      }),
    );
    await db.insert(publications).values({
      demo: true,
      title: publication.title,
      detail: publication.detail,
      pdfKey,
      pdfName: `${publication.title}.pdf`,
      pdfSize,
      ...covers.get(publication.series),
      publishedAt: taiwanTime(publication.publishedOn),
    });
  }
}

/** Renders a demo video's clip, stores it, and returns the video row's clip columns. */
async function storeDemoClip(storage: FileStorage, index: number, video: VideoContent) {
  // About 0.15 s a clip on two cores (its frames encode in parallel); see decision 0041.
  const clip = await renderDemoClip({
    title: video.title,
    points: video.points,
    from: video.cover.from,
    to: video.cover.to,
  });
  const clipKey = `reading-room/videos/video-${index + 1}.${demoClipFormat.extension}`;
  return {
    clipKey,
    clipName: `${video.title}.${demoClipFormat.extension}`,
    clipSize: await put(storage, clipKey, clip),
  };
}

async function seedVideos(db: Executor, storage: FileStorage, videoContents: VideoContent[]) {
  // Videos naming the same cover share one stored picture, numbered in order of first use.
  const covers = new Map<string, Awaited<ReturnType<typeof storeCover>>>();
  for (const [index, video] of videoContents.entries()) {
    if (!covers.has(video.coverName)) {
      covers.set(video.coverName, await storeCover(storage, `video-${covers.size + 1}`, video.cover));
    }
    await db.insert(videos).values({
      title: video.title,
      detail: video.detail,
      ...(await storeDemoClip(storage, index, video)),
      ...covers.get(video.coverName),
      publishedAt: taiwanTime(video.publishedOn),
    });
  }
}

function quickHtml(item: ReadingRoomContent['quick'][number]): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const steps = item.steps.map((step) => `<li>${escape(step)}</li>`).join('');
  const link = item.link ? `<p><a href="${escape(item.link.href)}">${escape(item.link.text)}</a></p>` : '';
  return `<p>${escape(item.intro)}</p><h2>操作步驟</h2><ol>${steps}</ol>${link}<p><small>${escape(demoTextNotice)}</small></p>`;
}

async function seedQuick(
  db: Executor,
  storage: FileStorage,
  pdf: DemoPdfWriter,
  quickContents: ReadingRoomContent['quick'],
) {
  for (const [index, item] of quickContents.entries()) {
    const [row] = await db
      .insert(quickItems)
      .values({ title: item.title, content: quickHtml(item), announceTime: taiwanTime(item.announcedAt) })
      .returning({ id: quickItems.id });
    if (!row) throw new Error('Quick item insert returned nothing');
    const handoutKey = `reading-room/quick/quick-${index + 1}-1.pdf`;
    const handoutSize = await put(
      storage,
      handoutKey,
      await pdf.write({
        title: item.handout,
        byline: `快速入門・${item.announcedAt.slice(0, 10).replaceAll('-', '/')}・${publisher}`,
        sections: [
          { heading: '說明', paragraphs: [item.intro] },
          { heading: '操作步驟', bullets: item.steps },
        ],
      }),
    );
    await db
      .insert(quickFiles)
      .values({ quickId: row.id, storageKey: handoutKey, fileName: `${item.handout}.pdf`, size: handoutSize, sort: 0 });
    if (item.form) {
      const formKey = `reading-room/quick/quick-${index + 1}-2.csv`;
      const formSize = await put(storage, formKey, csvFile(item.form.rows));
      await db
        .insert(quickFiles)
        .values({ quickId: row.id, storageKey: formKey, fileName: item.form.name, size: formSize, sort: 1 });
    }
  }
}

const newsPictureThemes: Record<NewsClass, CoverTheme> = {
  fruit: { motif: 'fruit', from: '#9a3412', to: '#fdba74' },
  grain: { motif: 'rice', from: '#3f7d3a', to: '#9bc36a' },
  flower: { motif: 'flower', from: '#9d174d', to: '#f9a8d4' },
  vegetable: { motif: 'leaf', from: '#2f6f4f', to: '#8fd19e' },
  mushroom: { motif: 'mushroom', from: '#57534e', to: '#d6d3d1' },
};

async function seedNews(
  db: Executor,
  storage: FileStorage,
  pdf: DemoPdfWriter,
  newsContents: ReadingRoomContent['news'],
) {
  const pictures = new Map<NewsClass, { file: string; alt: string; width: number; height: number }>();
  for (const [newsClass, theme] of Object.entries(newsPictureThemes) as Array<[NewsClass, CoverTheme]>) {
    const stored = await storeCover(storage, `news-${newsClass}`, theme);
    pictures.set(newsClass, {
      file: stored.coverPic,
      alt: `${newsClassLabels[newsClass]}消息示意插圖`,
      width: stored.coverWidth,
      height: stored.coverHeight,
    });
  }
  for (const [index, item] of newsContents.entries()) {
    const files: Array<{ number: number; fileName: string; storageKey: string; size: number }> = [];
    if (item.attachment) {
      const key = `reading-room/news/news-${index + 1}-1.pdf`;
      const size = await put(
        storage,
        key,
        await pdf.write({
          title: item.attachment.replace(/\.pdf$/, ''),
          byline: `最新消息附件・${item.postedAt.slice(0, 10).replaceAll('-', '/')}・${publisher}`,
          sections: [{ heading: item.title, paragraphs: [item.summary, ...item.paragraphs] }],
        }),
      );
      files.push({ number: 1, fileName: item.attachment, storageKey: key, size });
    }
    const picture = pictures.get(item.class);
    const paragraphs = [...item.paragraphs, demoTextNotice].map((text) => `<p>${text}</p>`).join('');
    const [created] = await db
      .insert(news)
      .values({
        status: item.status ?? 1,
        postAt: taiwanTime(item.postedAt),
        class: item.class,
        title: item.title,
        summary: item.summary,
        content: paragraphs,
      })
      .returning({ id: news.id });
    if (picture) await db.insert(newsPictures).values({ newsId: created!.id, ...picture });
    if (files.length > 0) {
      await db.insert(newsFiles).values(files.map((file, sort) => ({ newsId: created!.id, sort, ...file })));
    }
  }
}

/** Demo reading-room content: IPM sheets, publications, videos, quick-start notices, news, researchers. */
export const readingRoomSeed: SeedSet = {
  name: 'reading-room-demo-v1',
  async run({ db, storage }) {
    const content = await loadReadingRoomContent();
    const pdf = await createDemoPdfWriter();
    await seedIpm(db, storage, pdf, content.ipmCategories);
    await seedPublications(db, storage, pdf, content);
    await seedVideos(db, storage, content.videos);
    await seedQuick(db, storage, pdf, content.quick);
    await seedNews(db, storage, pdf, content.news);
    await db
      .insert(researchers)
      .values(content.researchers.map((person, index) => ({ ...person, sort: index, demo: true })));
    for (const kind of readingRoomSearchKinds) await refreshReadingRoomSearch(db, kind);
  },
};

/**
 * Data folders seeded before the clips existed hold the demo videos with placeholder YouTube ids
 * (DemoVideo01…), which YouTube does not know. This gives those demo videos — and only those,
 * found by their placeholder id — their clip and the text that describes it, so an upgraded
 * demo site plays every video.
 */
export const readingRoomDemoClipsSeed: SeedSet = {
  name: 'reading-room-demo-clips-v1',
  async run({ db, storage }) {
    const placeholders = await db
      .select({ id: videos.id, title: videos.title })
      .from(videos)
      .where(sql`${videos.youtubeId} ~ '^DemoVideo[0-9]{2}$'`);
    const videoContents = await loadDemoVideos();
    for (const placeholder of placeholders) {
      const index = videoContents.findIndex((video) => video.title === placeholder.title);
      const video = videoContents[index];
      if (!video) continue;
      await db
        .update(videos)
        .set({
          youtubeId: null,
          detail: video.detail,
          updatedAt: sql`now()`,
          ...(await storeDemoClip(storage, index, video)),
        })
        .where(eq(videos.id, placeholder.id));
    }
    await refreshReadingRoomSearch(
      db,
      'video',
      placeholders.map((placeholder) => placeholder.id),
    );
  },
};
