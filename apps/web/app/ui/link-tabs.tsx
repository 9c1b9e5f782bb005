import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import './link-tabs.css';

export interface LinkTab {
  key: string;
  label: string;
  href: string;
}

/** The index focus moves to for a key press in a tab list, or null for keys the list ignores. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Whether the tab row, where it scrolls sideways (a phone), hides tabs before or after what is
 * shown, so the row can say that more follow (decision 0374). Read on scroll and on resize.
 */
function useHiddenTabs(listRef: RefObject<HTMLDivElement | null>): { before: boolean; after: boolean } {
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const read = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setMore((shown) => (shown.before === before && shown.after === after ? shown : { before, after }));
    };
    read();
    list.addEventListener('scroll', read, { passive: true });
    window.addEventListener('resize', read);
    return () => {
      list.removeEventListener('scroll', read);
      window.removeEventListener('resize', read);
    };
  }, [listRef]);
  return more;
}

/**
 * Tabs whose state lives in the URL (decision 0037): each tab is a real link, so every tab is
 * linkable, server-rendered and works before hydration. Once hydrated it follows the ARIA tab
 * pattern with manual activation: arrow keys, Home and End move focus, Enter follows the link,
 * and only the selected tab is in the Tab order. Following a tab is a client navigation that
 * replaces the history entry and keeps the scroll position.
 */
export function LinkTabs({
  label,
  tabs,
  selectedKey,
  idPrefix,
  children,
}: {
  label: string;
  tabs: LinkTab[];
  selectedKey: string;
  idPrefix: string;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(false);
  const tabRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);
  const more = useHiddenTabs(listRef);
  const selectedIndex = tabs.findIndex((tab) => tab.key === selectedKey);
  // Where the row scrolls sideways (a phone), bring the selected tab into it, moving nothing else.
  useEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current[selectedIndex];
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const offset = tab.getBoundingClientRect().left - list.getBoundingClientRect().left;
    if (offset < 0 || offset + tab.offsetWidth > list.clientWidth) list.scrollLeft += offset - 16;
  }, [selectedIndex]);

  const panelId = `${idPrefix}-panel`;
  const tabId = (key: string) => `${idPrefix}-tab-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const next = nextTabIndex(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="link-tabs">
      <div className="link-tabs__bar">
        <div ref={listRef} role="tablist" aria-label={label} className="link-tabs__list">
          {tabs.map((tab, index) => {
            const selected = tab.key === selectedKey;
            return (
              <Link
                key={tab.key}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                id={tabId(tab.key)}
                role="tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={hydrated && !selected ? -1 : undefined}
                className="link-tabs__tab"
                to={tab.href}
                replace
                preventScrollReset
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tab.label}
              </Link>
            );
          })}
        </div>
        {/* Only a sign for the eye: every tab is in the list for a screen reader already. */}
        {more.before ? (
          <span className="link-tabs__more link-tabs__more--before" aria-hidden="true">
            ‹
          </span>
        ) : null}
        {more.after ? (
          <span className="link-tabs__more link-tabs__more--after" aria-hidden="true">
            ›
          </span>
        ) : null}
      </div>
      <section
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(selectedKey)}
        tabIndex={0}
        className="link-tabs__panel"
      >
        {children}
      </section>
    </div>
  );
}
