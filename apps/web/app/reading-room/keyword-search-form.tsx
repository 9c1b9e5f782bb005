import { Form, Link } from 'react-router';
import { withQuery } from './reading-room-links';

/**
 * Keyword box and the quick-search chips of the reading-room searches. A GET form, so the
 * term is in the address and the search works before the page's script has loaded.
 */
export function KeywordSearchForm({
  action,
  term,
  keywords,
  placeholder,
  inputId,
}: {
  action: string;
  term: string;
  keywords: readonly string[];
  placeholder: string;
  inputId: string;
}) {
  return (
    <div className="rr-search">
      <Form method="get" action={action} role="search" className="search-box">
        <label htmlFor={inputId} className="visually-hidden">
          關鍵字
        </label>
        <input
          id={inputId}
          name="term"
          type="search"
          maxLength={100}
          defaultValue={term}
          key={term}
          placeholder={placeholder}
          className="search-box__input"
          enterKeyHint="search"
        />
        <button type="submit" className="button button--primary">
          搜尋
        </button>
      </Form>
      <nav className="rr-chips" aria-label="快速查詢">
        <span className="rr-chips__label" aria-hidden="true">
          快速查詢：
        </span>
        <ul className="rr-chips__list">
          {keywords.map((keyword) => (
            <li key={keyword}>
              <Link
                to={withQuery(action, { term: keyword })}
                className="rr-chip"
                aria-current={keyword === term ? 'true' : undefined}
              >
                {keyword}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
