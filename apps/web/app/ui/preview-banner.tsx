import { Link } from 'react-router';
import './ui.css';

/**
 * Shown above a page an editor previews: the page
 * below is what visitors will get once it is published, which they cannot see yet. Preview pages
 * are staff-only, never cached and not indexed.
 */
export function PreviewBanner({ editHref, published }: { editHref: string; published: boolean }) {
  return (
    <div className="preview-banner" role="note">
      <strong>預覽</strong>
      <span>{published ? '這是已發布內容的預覽。' : '這是尚未發布的草稿，訪客看不到這一頁。'}</span>
      <Link to={editHref}>回到編輯</Link>
    </div>
  );
}
