import { z } from 'zod';

/**
 * A response field holding SafeHtml (its output type is the SafeHtml of ./safe-html). Use it for responses only: parsing untrusted input with it
 * would brand unsanitised HTML.
 */
export const safeHtmlSchema = z.string().brand<'SafeHtml'>().describe('HTML already sanitised by the server');
