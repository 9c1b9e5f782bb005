/**
 * History entries that let the browser's back button close an open modal.
 *
 * Opening pushes an entry with the same URL and the router's state plus a modal depth; going
 * back to the entry below closes the modal. Those steps do not change the URL, so they are kept
 * from React Router, which would otherwise load the page's data again: one popstate listener,
 * added when this module is first evaluated, stops them. Browsers call a window's listeners in
 * the order they were added (Chromium ignores `capture` there), so this module must be
 * evaluated before the router starts: import it from root.tsx. Were it later, a modal still
 * closes; the router merely loads the page's data once more.
 */

const depthKey = 'modalDepth';

type HistoryState = Record<string, unknown> | null;

export function modalDepth(state: unknown = window.history.state): number {
  const depth = (state as HistoryState)?.[depthKey];
  return typeof depth === 'number' ? depth : 0;
}

type OpenModal = { href: string; onBack: () => void };

/** Open modals that have an entry, by depth. */
const openModals = new Map<number, OpenModal>();
/** Steps back we took ourselves (closing a modal by other means) that nobody should see. */
let ownSteps = 0;

function onPopState(event: PopStateEvent) {
  if (ownSteps > 0) {
    ownSteps -= 1;
    event.stopImmediatePropagation();
    return;
  }
  const depth = modalDepth(event.state);
  let modalStepOnly = false;
  for (const [modalDepthOpen, modal] of [...openModals].sort(([a], [b]) => b - a)) {
    if (modalDepthOpen <= depth) continue;
    openModals.delete(modalDepthOpen);
    if (window.location.href === modal.href) modalStepOnly = true;
    modal.onBack();
  }
  if (modalStepOnly) event.stopImmediatePropagation();
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', onPopState, { capture: true });
}

/** A removal waiting one task, so an immediate re-open (React StrictMode re-running effects) reuses the entry. */
let pendingRemoval: { depth: number; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * Pushes the modal's entry and returns its depth (1 for a modal over a page, 2 for one over
 * that…). `onBack` is called when the user goes back past it.
 */
export function pushModalEntry(onBack: () => void): number {
  const current = modalDepth();
  let depth = current + 1;
  if (pendingRemoval && pendingRemoval.depth === current) {
    clearTimeout(pendingRemoval.timer);
    pendingRemoval = null;
    depth = current;
  } else {
    window.history.pushState({ ...(window.history.state as HistoryState), [depthKey]: depth }, '');
  }
  openModals.set(depth, { href: window.location.href, onBack });
  return depth;
}

/** Takes the modal's entry off again when the modal closed by other means than the back button. */
export function removeModalEntry(depth: number) {
  openModals.delete(depth);
  if (modalDepth() < depth) return; // already gone: closed by going back, or the page changed
  if (pendingRemoval) {
    // Several modals closing at once leave together.
    pendingRemoval.depth = Math.min(pendingRemoval.depth, depth);
    return;
  }
  pendingRemoval = {
    depth,
    timer: setTimeout(() => {
      const steps = pendingRemoval ? modalDepth() - pendingRemoval.depth + 1 : 0;
      pendingRemoval = null;
      if (steps <= 0) return;
      ownSteps += 1;
      window.history.go(-steps);
    }, 0),
  };
}
