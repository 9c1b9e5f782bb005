/** Loading indicator; `overlay` pins it to the top of the viewport during page navigations. */
export function Spinner({ label = '載入中', overlay = false }: { label?: string; overlay?: boolean }) {
  return (
    <div className={overlay ? 'spinner spinner--overlay' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
