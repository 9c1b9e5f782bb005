import type { z } from 'zod';

/**
 * HTML that is safe to put into the page as markup: either sanitised on the server
 * (`sanitizeRichText`) or literal text written by us (`trustedHtml`) or escaped plain text
 * (`escapeHtml`). The brand exists only in the type system, so the web's rich-text parts can
 * refuse a plain string at compile time. (No zod at run time here: pages import this module.)
 */
export type SafeHtml = string & z.$brand<'SafeHtml'>;

/**
 * Marks literal app HTML as safe: `trustedHtml\`查無資料<br>請換個關鍵字\``.
 * Interpolations are refused (type `never` and at run time) so nothing outside the literal can
 * slip in; build messages with dynamic parts from `escapeHtml` instead.
 */
export function trustedHtml(strings: TemplateStringsArray, ...values: never[]): SafeHtml {
  if (values.length > 0 || strings.length !== 1) {
    throw new TypeError('trustedHtml accepts literal text only; escape dynamic parts with escapeHtml');
  }
  return strings[0] as SafeHtml;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text as HTML that shows exactly that text. */
export function escapeHtml(text: string): SafeHtml {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character) as SafeHtml;
}
