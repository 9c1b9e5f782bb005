import { useEffect, useRef, useState } from 'react';

export const goToTopShowAfter = 200;
export const goToTopHideBelow = 500;

/**
 * Visibility rule of the go-to-top button: it appears once the page is scrolled
 * past 200 px; when the page is back above that and under 500 px it hides again. (So in effect
 * it is visible exactly while the scroll position is over 200 px.)
 */
export function nextGoToTopVisibility(visible: boolean, scrollY: number): boolean {
  if (scrollY > goToTopShowAfter) return true;
  if (visible && scrollY < goToTopHideBelow) return false;
  return visible;
}

/** The page's buttons and button-like links the floating button must never lie over. */
const pageButtons = ['button', 'input[type="submit"]', 'a.button', '[class*="__primary"]', '[class*="__submit"]']
  .map((kind) => `main ${kind}`)
  .join(', ');

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes on the screen share any area. */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether the floating button, where it stands, lies over one of the page's visible buttons. */
function coversAButton(self: HTMLElement): boolean {
  const own = self.getBoundingClientRect();
  if (own.width === 0) return false;
  for (const element of document.querySelectorAll<HTMLElement>(pageButtons)) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && boxesOverlap(own, box)) return true;
  }
  return false;
}

/**
 * The floating ▲ button. It never lies over a button of the page (at 360 px it covered a form's
 * 完成): after each scroll or resize, measured once per frame, it steps aside while it would
 * (decision 0367).
 */
export function GoToTop() {
  const [visible, setVisible] = useState(false);
  const [covering, setCovering] = useState(false);
  const self = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setCovering(self.current ? coversAButton(self.current) : false);
    };
    const onScroll = () => {
      setVisible((current) => nextGoToTopVisibility(current, window.scrollY));
      if (!frame) frame = requestAnimationFrame(measure);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    // A form that grows or shrinks under a still page (a step changes, an error appears) moves its buttons too.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    observer?.observe(document.body);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      observer?.disconnect();
    };
  }, []);

  // Measured again once it shows: it had no box while hidden.
  useEffect(() => {
    if (visible && self.current) setCovering(coversAButton(self.current));
  }, [visible]);

  const goTop = () => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page, not from the hidden button.
    document.getElementById('top')?.focus({ preventScroll: true });
  };

  return (
    <button
      ref={self}
      type="button"
      className="go-to-top"
      data-visible={visible}
      data-covering={covering}
      hidden={!visible}
      onClick={goTop}
    >
      <span aria-hidden="true">▲</span>
      <span className="visually-hidden">回到頁首</span>
    </button>
  );
}
