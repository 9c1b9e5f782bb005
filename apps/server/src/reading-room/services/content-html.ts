/**
 * Rich text as stored (news, quick-start items): HTML as the editor wrote it, or plain text with
 * blank lines between paragraphs made into paragraphs. Sanitised on every read (sanitizeRichText).
 */
export function contentHtml(text: string): string {
  if (text === '' || /<[a-z][\s\S]*>/i.test(text)) return text;
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
