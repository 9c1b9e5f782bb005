/** The site's name as mails show it (sender, subject prefix, signature). */
export const siteName = '作物病蟲害資訊網';

export interface MailContent {
  /** The subject without the site prefix, e.g. 確認您的電子郵件. */
  subject: string;
  /** The opening line, e.g. `王小明 您好：`. */
  greeting?: string;
  /** The body, one entry per paragraph (plain text; line breaks kept). */
  paragraphs: readonly string[];
  /** The one thing to do: a button in HTML, the address on its own line in text. A path is taken from PUBLIC_URL. */
  action?: { label: string; url: string };
  /** Small print below the action, e.g. 此連結 30 分鐘內有效. */
  notes?: readonly string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/** A paragraph as HTML: escaped, its line breaks kept. */
function htmlParagraph(value: string, style: string): string {
  return `<p style="${style}">${escapeHtml(value).replace(/\r?\n/g, '<br>')}</p>`;
}

/** An absolute http(s) address for the action. Why: decision 0102. */
export function absoluteMailUrl(url: string, publicUrl: string): string {
  const resolved = url.startsWith('/') ? new URL(`${publicUrl}${url}`) : new URL(url);
  if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') {
    throw new Error(`A mail link must be http(s): ${url}`);
  }
  return resolved.href;
}

/** Renders a Traditional-Chinese mail, text and HTML alike. Why: decision 0102. */
export function renderMail(content: MailContent, site: { publicUrl: string }): RenderedMail {
  const home = `${site.publicUrl}/`;
  const action = content.action
    ? { label: content.action.label, url: absoluteMailUrl(content.action.url, site.publicUrl) }
    : undefined;
  const subject = `【${siteName}】${content.subject.trim()}`;

  const text = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.paragraphs,
    ...(action ? [`${action.label}：\n${action.url}`] : []),
    ...(content.notes ?? []),
    `-- \n${siteName}\n${home}\n此信由系統自動寄出，請勿直接回覆。`,
  ].join('\n\n');

  const paragraph = 'margin:0 0 16px;font-size:16px;line-height:1.6;color:#222;';
  const small = 'margin:0 0 8px;font-size:14px;line-height:1.6;color:#555;';
  const html = [
    '<!DOCTYPE html>',
    '<html lang="zh-Hant-TW">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    "<body style=\"margin:0;padding:24px 16px;background:#f5f5f0;font-family:'Noto Sans TC','PingFang TC','Microsoft JhengHei',sans-serif;\">",
    '<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:8px;">',
    `<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#2f6b2f;">${escapeHtml(siteName)}</p>`,
    ...(content.greeting ? [htmlParagraph(content.greeting, paragraph)] : []),
    ...content.paragraphs.map((value) => htmlParagraph(value, paragraph)),
    ...(action
      ? [
          `<p style="margin:24px 0;"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;background:#2f6b2f;color:#fff;text-decoration:none;border-radius:4px;font-size:16px;">${escapeHtml(action.label)}</a></p>`,
          htmlParagraph(`若按鈕無法使用，請將以下網址複製到瀏覽器：\n${action.url}`, small),
        ]
      : []),
    ...(content.notes ?? []).map((value) => htmlParagraph(value, small)),
    '<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 16px;">',
    `<p style="${small}"><a href="${escapeHtml(home)}" style="color:#2f6b2f;">${escapeHtml(siteName)}</a></p>`,
    `<p style="${small}">此信由系統自動寄出，請勿直接回覆。</p>`,
    '</div></body></html>',
  ].join('\n');

  return { subject, text, html };
}
