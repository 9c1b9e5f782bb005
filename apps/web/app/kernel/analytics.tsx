import { useEffect } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * Google tag, loaded only when system settings carry a g_tag. The tag's automatic page view is
 * off; one page_view event is sent per navigation instead, including the first.
 */
export function AnalyticsTag({ tagId, nonce }: { tagId: string; nonce: string | undefined }) {
  const init = `window.dataLayer=window.dataLayer||[];window.gtag=function(){window.dataLayer.push(arguments)};window.gtag('js',new Date());window.gtag('config',${JSON.stringify(tagId)},{send_page_view:false});`;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: init }} />
      <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`} />
    </>
  );
}

export function usePageViews(tagId: string | null) {
  const location = useLocation();
  useEffect(() => {
    if (!tagId || !window.gtag) return;
    window.gtag('event', 'page_view', {
      page_location: window.location.href,
      page_path: location.pathname + location.search,
      page_title: document.title,
    });
  }, [tagId, location.pathname, location.search]);
}
