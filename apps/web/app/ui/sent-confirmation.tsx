import { useEffect, useRef, type ReactNode } from 'react';
import './ui.css';

/**
 * What a sent form turns into (decision 0365): the confirmation stands where the form was, takes the
 * focus (so a screen reader reads it and a phone scrolls to it) and offers what to do next. An empty
 * form shown again after a send made people send twice.
 */
export function SentConfirmation({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} tabIndex={-1} role="status" className="sent-confirmation">
      {children}
      {actions ? <div className="sent-confirmation__actions">{actions}</div> : null}
    </div>
  );
}
