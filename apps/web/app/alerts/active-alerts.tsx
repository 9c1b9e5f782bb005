import type { ActiveAlert } from '@pest/contracts';
import { Link } from 'react-router';
import './alerts.css';

/**
 * The active pest alerts (病蟲害警報, decision 0402): on the home page and a crop's pages while an
 * alert is active. Nothing is shown when there is none.
 */
export function ActiveAlerts({ alerts, headingLevel = 2 }: { alerts: readonly ActiveAlert[]; headingLevel?: 2 | 3 }) {
  if (alerts.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="active-alerts container" aria-labelledby="active-alerts-heading">
      <Heading id="active-alerts-heading" className="active-alerts__heading">
        病蟲害警報
      </Heading>
      <ul className="active-alerts__list">
        {alerts.map((alert) => (
          <li key={alert.id} className="active-alerts__item">
            <p className="active-alerts__where">
              <strong>{alert.crop}</strong>｜{alert.counties.join('、')}（至 {alert.activeUntil}）
            </p>
            <p>{alert.text}</p>
            <p className="active-alerts__links">
              {alert.recordId ? <Link to={`/search/bug/detail?id=${alert.recordId}`}>病蟲害資料</Link> : null}
              {alert.ipmId ? <Link to={`/IPM/detail?id=${alert.ipmId}`}>IPM 防治資料</Link> : null}
              <Link to={`/alerts?crop=${encodeURIComponent(alert.crop)}`}>訂閱{alert.crop}警報</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
