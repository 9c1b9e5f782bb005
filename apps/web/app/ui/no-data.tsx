import { trustedHtml, type SafeHtml } from '@pest/contracts';
import './ui.css';

/**
 * 'No data' placeholder: a question-mark icon and a bold message, rendered as HTML.
 * The message must be SafeHtml: app text through `trustedHtml`/`escapeHtml`, or server HTML
 * through `sanitizeRichText`.
 */
export function NoData({ message = trustedHtml`無資料` }: { message?: SafeHtml }) {
  return (
    <div className="no-data">
      <svg className="no-data__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M9.2 9.3a2.9 2.9 0 0 1 5.6 1c0 1.9-2.8 2.4-2.8 4.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
        <circle cx="12" cy="17.6" r="1.15" fill="currentColor" />
      </svg>
      {/* A div, not a p: the message may itself hold paragraphs. */}
      <div className="no-data__message" dangerouslySetInnerHTML={{ __html: message }} />
    </div>
  );
}
