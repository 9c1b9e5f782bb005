import { escapeHtml } from '@pest/contracts';

const urlPattern = /https?:\/\/[^\s<>"'（）()，。、]+/g;

function inline(text: string): string {
  // Escaped first: nothing the expert types becomes markup except this subset.
  const escaped = escapeHtml(text) as string;
  return escaped
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(urlPattern, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The desk's formatting subset (decision 0171) as HTML: a blank line starts a paragraph, lines
 * starting with "- " make a list, other line breaks are kept, **text** is bold, and http(s)
 * addresses become links. The result still goes through `sanitizeRichText` before it is stored.
 */
export function replyTextToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return blocks
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => /^\s*[-*•]\s+/.test(line))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.replace(/^\s*[-*•]\s+/, ''))}</li>`).join('')}</ul>`;
      }
      return `<p>${lines.map(inline).join('<br>')}</p>`;
    })
    .join('');
}

/** The reply as plain paragraphs, for the plain-text mail (the subset's marks removed). */
export function replyTextParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim().replace(/\*\*(.+?)\*\*/g, '$1'))
    .filter(Boolean);
}
