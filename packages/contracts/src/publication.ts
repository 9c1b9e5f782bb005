import { z } from 'zod';

/**
 * Draft and published: public content an editor is still writing is a draft, which
 * visitors never see (lists, pages, search, sitemap, open data) and staff can preview as the public
 * would see it; publishing makes it public at once. News may also wait for its post_at.
 */
export const publicationStates = ['draft', 'published'] as const;
export type PublicationState = (typeof publicationStates)[number];
export const publicationStateLabels: Readonly<Record<PublicationState, string>> = {
  draft: '草稿（訪客看不到）',
  published: '已發布',
};
export const publicationStateSchema = z
  .enum(publicationStates, { error: '請選擇發布狀態' })
  .meta({ title: '發布狀態', optionLabels: publicationStateLabels });
