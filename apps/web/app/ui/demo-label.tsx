import './ui.css';

/**
 * Demo content written by the site team says so on the page (developers' guide):
 * a short badge beside an entry in a list, a note at the top of a detail page.
 */
export function DemoBadge() {
  return <span className="demo-badge">示範資料</span>;
}

export function DemoNotice({ children }: { children: string }) {
  return (
    <p className="demo-notice" role="note">
      <strong>示範資料：</strong>
      {children}
    </p>
  );
}
