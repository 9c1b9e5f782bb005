import { downloadMessages, escapeHtml, type SafeHtml } from '@pest/contracts';

/** The notice for the no-data placeholder: the Chinese, then the spec's English words. */
export const notFoundMessage = `${escapeHtml(downloadMessages.notFound)}<br><span lang="en">${escapeHtml(
  downloadMessages.notFoundEnglish,
)}</span>` as SafeHtml;
