/** Says that what the page lists was written by the site team as an example (the brief's rule on demo content). */
export function DemoNotice({ what }: { what: string }) {
  return (
    <p className="catalogue-demo" role="note">
      <strong>示範內容</strong>：{what}為網站團隊撰寫的示範資料，並非實際供應或開課。
    </p>
  );
}

export function DemoBadge() {
  return <span className="catalogue-badge">示範</span>;
}
