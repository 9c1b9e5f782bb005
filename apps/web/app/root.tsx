import { useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './load-context';
// Must be evaluated before the router starts: see the module's comment.
import './ui/modal-history';
import { AnalyticsTag, usePageViews } from './kernel/analytics';
import { publicFileUrl } from './kernel/file-url';
import { GoToTop } from './shell/go-to-top';
import { feedbackLink } from './kernel/feedback-link';
import { useNonce } from './kernel/nonce';
import { pageMeta } from './kernel/page-meta';
import { registerServiceWorker } from './offline';
import { SiteFooter, SiteLegalLine } from './shell/site-footer';
import { SiteHeader } from './shell/site-header';
import './styles/app.css';
import { LazyToastRegion } from './ui/lazy-toast';
import { Spinner } from './ui/spinner';

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.site.getSystemSettings();
  return {
    settings,
    feedbackFormUrl: feedbackLink(settings, context.config.feedbackFormUrl),
    publicUrl: context.config.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data, {});

// Marks the document as scripted before first paint, so CSS can fold the mobile menu only when
// the toggle will work.
const markScripted = "document.documentElement.classList.replace('no-js','js')";

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const location = useLocation();
  const isHome = location.pathname === '/';
  const favicon = data?.settings.index_favicon;
  return (
    <html lang="zh-Hant-TW" className="no-js" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f6f50" />
        <link rel="manifest" href={`${import.meta.env.BASE_URL}manifest.webmanifest`} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: markScripted }} />
        {favicon ? <link rel="icon" href={publicFileUrl(favicon)} /> : null}
        <Meta />
        <Links />
        {data?.settings.g_tag ? <AnalyticsTag tagId={data.settings.g_tag} nonce={nonce} /> : null}
      </head>
      <body className={isHome ? 'index' : undefined}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  usePageViews(loaderData.settings.g_tag);
  useEffect(registerServiceWorker, []);
  return (
    <>
      <a href="#main" className="skip-link" id="top">
        跳到主要內容
      </a>
      {/* The service worker puts its 離線 notice here on a saved page opened offline (decision 0386). */}
      <div id="offline-notice" dangerouslySetInnerHTML={{ __html: '' }} />
      <SiteHeader websiteTitle={loaderData.settings.website_title} feedbackFormUrl={loaderData.feedbackFormUrl} />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      {location.pathname === '/' ? (
        <SiteFooter websiteTitle={loaderData.settings.website_title} />
      ) : (
        <SiteLegalLine websiteTitle={loaderData.settings.website_title} />
      )}
      <GoToTop />
      <LazyToastRegion />
      {navigation.state === 'loading' ? <Spinner label="載入中" overlay /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const malformed = isRouteErrorResponse(error) && error.status === 400;
  return (
    <main id="main" className="site-main container error-page">
      <h1>{notFound ? '找不到這個頁面' : malformed ? '網址有誤' : '頁面發生錯誤'}</h1>
      <p>
        {notFound
          ? '您要找的內容不存在或已移除。'
          : malformed
            ? '網址的查詢參數有誤，請確認網址後再試。'
            : '很抱歉，系統暫時無法顯示此頁面，請稍後再試。'}
      </p>
      <p>
        <a href={import.meta.env.BASE_URL}>回到首頁</a>
      </p>
    </main>
  );
}
