import { Form, type AppLoadContext } from 'react-router';
import { formatDateTime, isoDateTime } from '../ui/format-date-time';
import '../ui/card-list.css';

/** One signed-in device as the member page lists it: what the accounts services' `listSessions` gives. */
export type MemberDevice = Awaited<ReturnType<AppLoadContext['services']['accounts']['listSessions']>>[number];

function deviceName(device: MemberDevice): string {
  const name = device.device ?? '不明的裝置';
  return device.kind === 'bearer' ? `${name}（API 權杖）` : name;
}

/**
 * The member's signed-in devices on /member (decision 0294), each with its own sign-out button (a
 * form post the server checks against the member's own sessions). "This device" is marked; signing
 * it out is signing out here.
 */
export function MemberDevices({ devices }: { devices: MemberDevice[] }) {
  return (
    <section aria-labelledby="devices-heading" className="account-section">
      <h2 id="devices-heading">已登入的裝置</h2>
      <p>不認得的裝置請按「登出」，並變更密碼。</p>
      <ul className="card-list">
        {devices.map((device) => {
          const name = deviceName(device);
          return (
            <li key={device.id} className="card-list__item">
              <div className="card-list__what">
                <strong>{name}</strong>
                {device.current ? <span className="account-devices__current">（這個裝置）</span> : null}
                <span className="account-devices__times">
                  登入於 <time dateTime={isoDateTime(device.createdAt)}>{formatDateTime(device.createdAt)}</time>
                  ，最後使用 <time dateTime={isoDateTime(device.lastSeenAt)}>{formatDateTime(device.lastSeenAt)}</time>
                </span>
              </div>
              <Form method="post" reloadDocument={device.current}>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={device.id} />
                <button type="submit" className="button">
                  登出<span className="visually-hidden">：{device.current ? `${name}（這個裝置）` : name}</span>
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
