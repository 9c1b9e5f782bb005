import { Link } from 'react-router';

/**
 * The line every form that collects personal data shows before its send button: why
 * it asks, and the way to the whole policy. `purpose` is one sentence saying what happens to the data.
 */
export function PrivacyNotice({ purpose }: { purpose: string }) {
  return (
    <p className="privacy-notice">
      {purpose}
      詳見<Link to="/privacy">隱私權政策</Link>。
    </p>
  );
}
