import { useEffect, useState } from 'react';

/**
 * Prints the page. It needs scripts, so it keeps its room but stays invisible until the page
 * has hydrated (nothing moves when it appears); the browser's own print works without it, and
 * the print stylesheet lays the page out either way.
 */
export function PrintButton({ label = '列印' }: { label?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button
      type="button"
      className="button print-button"
      data-ready={ready ? 'true' : 'false'}
      aria-hidden={ready ? undefined : true}
      tabIndex={ready ? undefined : -1}
      onClick={() => window.print()}
    >
      {label}
    </button>
  );
}
