import { Link } from 'react-router';
import { apiUrl, loadMemberPrefill } from '../../accounts';
import { pageMeta } from '../../kernel/page-meta';
import type { Route } from './+types/consultation-form-route';
import { ConsultationBasicsStep } from './consultation-basics-step';
import { ConsultationPhotosStep } from './consultation-photos-step';
import { useConsultationForm } from './use-consultation-form';
import './consultation-form.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { form } = context.services.consultation;
  const prefill = await loadMemberPrefill(context);
  return {
    counties: [...form.listCounties()],
    signedIn: prefill !== null,
    prefill,
    retentionMonths: form.retentionMonths(),
  };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '我要諮詢',
    description: '上傳作物與病蟲害照片，由專家回覆診斷與防治建議。',
    path: '/consultation/form',
  });

/**
 * The consultation form: basic data → photos → done. Its state and submissions are in
 * use-consultation-form.ts, its first two steps in their own files. The draft is kept on the phone
 * and sent when there is a network (decision 0397). Needs JavaScript (the robot check, per-photo
 * progress): without it the page says so (decision 0166).
 */
export default function ConsultationFormRoute({ loaderData }: Route.ComponentProps) {
  const { counties, signedIn, prefill, retentionMonths } = loaderData;
  const form = useConsultationForm({ signedIn, prefill });
  const { step, failure, caseId, values, heading, offer } = form;

  const steps = ['基本資料', '上傳照片', '完成'];
  return (
    <div className="container consultation-form">
      <h1 className="consultation-form__title">我要諮詢</h1>
      <ol className="consultation-form__steps" aria-label="諮詢步驟">
        {steps.map((label, index) => (
          <li
            key={label}
            className={index + 1 === step ? 'is-current' : undefined}
            aria-current={index + 1 === step ? 'step' : undefined}
          >
            <span className="consultation-form__step-number">{index + 1}</span> {label}
          </li>
        ))}
      </ol>
      <noscript>
        <p className="consultation-form__alert">
          線上諮詢需要啟用 JavaScript（機器人驗證與照片上傳）。請啟用後重新整理本頁。
        </p>
      </noscript>
      {/* Step 2 shows its failure beside its buttons and photos, not up here (decision 0365). */}
      <div className="consultation-form__alert" role="alert" hidden={!failure || step === 2}>
        {step === 2 ? null : failure}
      </div>

      {offer ? (
        <section
          className="consultation-form__panel consultation-form__offer"
          aria-labelledby="consultation-draft-offer"
        >
          <h2 id="consultation-draft-offer">您有一份尚未送出的諮詢</h2>
          <p>
            這份草稿儲存在這支手機上（{new Date(offer.savedAt).toLocaleString('zh-TW', { hour12: false })}
            ），含 {offer.photos.length} 張照片。要繼續填寫嗎？
          </p>
          <div className="consultation-form__actions">
            <button type="button" className="consultation-form__primary" onClick={form.keepOffer}>
              繼續填寫
            </button>
            <button type="button" className="consultation-form__secondary" onClick={form.discardOffer}>
              捨棄草稿
            </button>
          </div>
        </section>
      ) : null}

      {step === 1 ? <ConsultationBasicsStep form={form} counties={counties} retentionMonths={retentionMonths} /> : null}

      {step === 2 ? <ConsultationPhotosStep form={form} signedIn={signedIn} /> : null}

      {step === 3 && caseId !== null ? (
        <section className="consultation-form__panel" aria-labelledby="consultation-step-3">
          <h2 id="consultation-step-3" ref={heading} tabIndex={-1}>
            步驟三：完成
          </h2>
          <p className="consultation-form__done">
            已收到您的諮詢，案件編號：<strong data-testid="case-number">{caseId}</strong>
          </p>
          <p>我們已寄信到 {values.email}，信中有查看諮詢進度與專家回覆的連結。</p>
          <div className="consultation-form__actions">
            <a className="consultation-form__primary" href={apiUrl('consultation/form')}>
              繼續諮詢
            </a>
            <Link className="consultation-form__secondary" to="/consultation/advisory">
              回到列表
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
