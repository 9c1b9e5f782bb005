import type { SafeHtml } from '@pest/contracts';
import './ui.css';

/**
 * Rich text from the server. Only SafeHtml is
 * accepted, which the server makes with `sanitizeRichText`; sanitising there keeps a sanitiser
 * out of the page's JavaScript.
 */
export function RichText({ html, className }: { html: SafeHtml; className?: string }) {
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
