import { Link } from 'react-router';
import { dataAgencies } from './site-links';

/** Footer with the data-providing agencies; the layout shows it on the home page only. */
export function SiteFooter({ websiteTitle }: { websiteTitle: string }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <h2 className="site-footer__heading">資料提供單位</h2>
        <ul className="site-footer__agencies">
          {dataAgencies.map((agency) => (
            <li key={agency.name}>
              <a href={agency.url} target="_blank" rel="noopener noreferrer">
                {agency.name}
                <span className="visually-hidden">（在新視窗開啟）</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="site-footer__note">© {websiteTitle}。本站資料僅供參考，用藥請以農藥標示及主管機關公告為準。</p>
        <p className="site-footer__note">
          <Link to="/open-data">開放資料下載</Link>：病蟲害資料與農藥登記使用範圍（CSV、JSON）。
        </p>
        <p className="site-footer__note">
          <Link to="/privacy">隱私權政策</Link>：我們蒐集哪些個人資料、為何蒐集，以及您如何查詢、下載或刪除。
        </p>
      </div>
    </footer>
  );
}

/**
 * The one line every other page ends with: the spec's footer is on the home page only, and the
 * privacy policy must be reachable from every page.
 */
export function SiteLegalLine({ websiteTitle }: { websiteTitle: string }) {
  return (
    <footer className="site-legal">
      <div className="container">
        <span>© {websiteTitle}</span> <Link to="/privacy">隱私權政策</Link>
      </div>
    </footer>
  );
}
