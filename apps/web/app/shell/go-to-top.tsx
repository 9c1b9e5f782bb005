import { useEffect, useState } from 'react';

export const goToTopShowAfter = 200;
export const goToTopHideBelow = 500;

/**
 * Visibility rule of the go-to-top button (spec §2/§9): it appears once the page is scrolled
 * past 200 px; when the page is back above that and under 500 px it hides again. (So in effect
 * it is visible exactly while the scroll position is over 200 px.)
 */
export function nextGoToTopVisibility(visible: boolean, scrollY: number): boolean {
  if (scrollY > goToTopShowAfter) return true;
  if (visible && scrollY < goToTopHideBelow) return false;
  return visible;
}

export function GoToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible((current) => nextGoToTopVisibility(current, window.scrollY));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const goTop = () => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page, not from the hidden button.
    document.getElementById('top')?.focus({ preventScroll: true });
  };

  return (
    <button type="button" className="go-to-top" data-visible={visible} hidden={!visible} onClick={goTop}>
      <span aria-hidden="true">▲</span>
      <span className="visually-hidden">回到頁首</span>
    </button>
  );
}
