import { splitParagraphs } from './text-paragraphs';

/** Plain record text as paragraphs; nothing in it is ever read as HTML. */
export function PlainText({ text, emptyText = '尚無資料。' }: { text: string; emptyText?: string }) {
  const paragraphs = splitParagraphs(text);
  if (paragraphs.length === 0) return <p className="plain-text plain-text--empty">{emptyText}</p>;
  return (
    <div className="plain-text">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
