import { alertCounties } from '@pest/contracts';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { isServiceError } from '../admin';
import { pageMeta } from '../kernel/page-meta';
import { ActiveAlerts } from './active-alerts';
import { AlertLineButton } from './alert-line-button';
import { AlertPushButton } from './alert-push-button';
import type { Route } from './+types/alerts-route';
import { Breadcrumb } from '../ui/breadcrumb';
import './alerts.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('crop') ?? '';
  const [crops, alerts] = await Promise.all([
    context.services.crops.listCropVocabulary(),
    context.services.alerts.listActiveAlerts(),
  ]);
  const chosen = asked ? ((await context.services.crops.resolveCrop(asked))?.name ?? '') : '';
  return { crops: crops.map((crop) => crop.name), alerts, chosen };
}

/** The e-mail subscription: a form post that works without JavaScript; the confirmation mail comes next. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const viewer = await context.getViewer();
  try {
    await context.services.alerts.subscribeByEmail(
      { crop: form.get('crop'), counties: form.getAll('counties'), email: form.get('email') },
      viewer?.memberId ?? null,
    );
    return { done: true, issues: {} as Record<string, string>, message: '' };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    const issues = Object.fromEntries((error.issues ?? []).map((issue) => [issue.path.split('.')[0]!, issue.message]));
    return { done: false, issues, message: error.message };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, { title: '病蟲害警報', path: '/alerts' });

/** 病蟲害警報: the active alerts and the subscription by crop and county (e-mail, push on this phone, or LINE). */
export default function AlertsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { crops, alerts, chosen } = loaderData;
  const navigation = useNavigation();
  const [crop, setCrop] = useState(chosen || crops[0] || '');
  const [counties, setCounties] = useState<string[]>([]);
  const issues = actionData?.issues ?? {};
  return (
    <>
      <Breadcrumb items={[{ title: '病蟲害警報' }]} />
      <div className="container alerts-page">
        <h1>病蟲害警報</h1>
        {alerts.length === 0 ? <p>目前沒有發布中的警報。</p> : <ActiveAlerts alerts={alerts} />}
        <section aria-labelledby="alerts-subscribe-heading">
          <h2 id="alerts-subscribe-heading">訂閱警報</h2>
          <p>選擇作物與縣市，有新的警報時通知您；每則警報只會通知一次。</p>
          {actionData?.done ? (
            <p role="status">已寄出確認信，請到信箱按下「確認訂閱」，確認後才會開始寄送警報。</p>
          ) : (
            <Form method="post" noValidate>
              <p>
                <label htmlFor="alerts-crop">作物</label>
                <br />
                <select
                  id="alerts-crop"
                  name="crop"
                  className="field-control"
                  value={crop}
                  onChange={(event) => setCrop(event.target.value)}
                >
                  {crops.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </p>
              <fieldset aria-describedby={issues.counties ? 'alerts-counties-error' : undefined}>
                <legend>縣市（可複選）</legend>
                <div className="alerts-page__counties">
                  {alertCounties.map((county) => (
                    <label key={county}>
                      <input
                        type="checkbox"
                        className="field-check"
                        name="counties"
                        value={county}
                        checked={counties.includes(county)}
                        onChange={(event) =>
                          setCounties((list) =>
                            event.target.checked ? [...list, county] : list.filter((item) => item !== county),
                          )
                        }
                      />
                      {county}
                    </label>
                  ))}
                </div>
                {issues.counties ? (
                  <p id="alerts-counties-error" className="alerts-page__error" role="alert">
                    {issues.counties}
                  </p>
                ) : null}
              </fieldset>
              <p>
                <label htmlFor="alerts-email">電子郵件</label>
                <br />
                <input
                  id="alerts-email"
                  className="field-control"
                  type="email"
                  name="email"
                  autoComplete="email"
                  aria-invalid={issues.email ? true : undefined}
                  aria-describedby={issues.email ? 'alerts-email-error' : undefined}
                />
                {issues.email ? (
                  <span id="alerts-email-error" className="alerts-page__error" role="alert">
                    {issues.email}
                  </span>
                ) : null}
              </p>
              {actionData && !actionData.done && !issues.email && !issues.counties ? (
                <p className="alerts-page__error" role="alert">
                  {actionData.message}
                </p>
              ) : null}
              <p>
                <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
                  以電子郵件訂閱
                </button>
              </p>
            </Form>
          )}
          <AlertPushButton crop={crop} counties={counties} />
          <AlertLineButton crop={crop} counties={counties} />
        </section>
      </div>
    </>
  );
}
