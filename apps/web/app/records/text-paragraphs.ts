/**
 * Record texts are plain text with blank lines between paragraphs (seed and import format);
 * they are rendered as <p> elements, never as HTML.
 */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** A short plain summary for meta descriptions: the first paragraph, cut at a sentence end when possible. */
export function summarise(text: string, maxLength = 120): string {
  const first = splitParagraphs(text)[0]?.replace(/\s+/g, ' ') ?? '';
  if (first.length <= maxLength) return first;
  const cut = first.slice(0, maxLength);
  const sentenceEnd = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('；'));
  return sentenceEnd >= maxLength / 2 ? cut.slice(0, sentenceEnd + 1) : `${cut.slice(0, maxLength - 1)}…`;
}
