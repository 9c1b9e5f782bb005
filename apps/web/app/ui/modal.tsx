import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { pushModalEntry, removeModalEntry } from './modal-history';
import './ui.css';

/** shows with a 150 ms animation, hides in 300 ms (the durations live in ui.css). */
export const modalTimings = { showMs: 150, hideMs: 300 } as const;

export type ModalProps = {
  open: boolean;
  /** Asked to close (backdrop, Escape, back button, close button); the owner sets `open` to false. */
  onClose: () => void;
  /** Shown as the dialog's heading, which also names the dialog. */
  title: ReactNode;
  /**
   * A static modal ignores the backdrop, Escape and the back button, and has no close button:
   * its content must offer the way out. The back button then leaves the page as usual.
   */
  static?: boolean;
  children: ReactNode;
};

/**
 * Modal dialog on the native <dialog> element: `showModal()` gives the focus trap, the inert
 * page behind and Escape handling. Closing plays the hide animation before the dialog goes.
 */
export function Modal({ open, onClose, title, static: isStatic = false, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // The dialog stays in the page while its hide animation runs after `open` turned false.
  const [mounted, setMounted] = useState(open);
  const [previousOpen, setPreviousOpen] = useState(open);
  if (open !== previousOpen) {
    setPreviousOpen(open);
    if (open) setMounted(true);
  }
  const closing = mounted && !open;

  const onCloseRef = useRef(onClose);
  const closeRequested = useRef(false);
  const ownClose = useRef(false);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // One gesture can arrive as several events (Escape's keydown and cancel, say): ask once per task.
  const requestClose = useCallback(() => {
    if (closeRequested.current) return;
    closeRequested.current = true;
    setTimeout(() => {
      closeRequested.current = false;
    }, 0);
    onCloseRef.current();
  }, []);

  useLayoutEffect(() => {
    if (!mounted) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      ownClose.current = true;
      if (dialog.open) dialog.close();
      ownClose.current = false;
      if (opener?.isConnected) opener.focus();
    };
  }, [mounted]);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setMounted(false), modalTimings.hideMs);
    return () => clearTimeout(timer);
  }, [closing]);

  // The back button closes the modal: an entry is pushed while it is open and taken off again
  // when it closes any other way.
  useEffect(() => {
    if (!open || isStatic) return;
    const depth = pushModalEntry(requestClose);
    return () => removeModalEntry(depth);
  }, [open, isStatic, requestClose]);

  // A press that starts and ends on the backdrop closes; a text selection dragged out of the box does not.
  const pressStartedOnBackdrop = useRef(false);

  if (!mounted) return null;
  return (
    <dialog
      ref={dialogRef}
      className={closing ? 'modal modal--closing' : 'modal'}
      aria-labelledby={titleId}
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const onBackdrop = event.target === event.currentTarget && pressStartedOnBackdrop.current;
        pressStartedOnBackdrop.current = false;
        if (onBackdrop && !isStatic) requestClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here so the hide animation can run (and a static modal stays).
        event.preventDefault();
        if (!isStatic) requestClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (!isStatic) requestClose();
      }}
      onClose={() => {
        // The browser may close a dialog by itself (a form with method="dialog", Android's back gesture).
        if (ownClose.current || !open) return;
        if (isStatic) dialogRef.current?.showModal();
        else requestClose();
      }}
    >
      <div className="modal__box">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {isStatic ? null : (
            <button type="button" className="modal__close" aria-label="關閉" onClick={requestClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
