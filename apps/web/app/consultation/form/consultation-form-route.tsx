import {
  consultationBasicsSchema,
  consultationFormMessages,
  consultationNoticeParagraphs,
  photoGroupLabels,
  publishConsentHint,
  publishConsentLabel,
  photoGroups,
  photoUploadRules,
  type ConsultationBasics,
  type PhotoGroup,
} from '@pest/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiUrl } from '../../accounts';
import { AltchaField } from '../../ui/altcha-field';
import { pageMeta } from '../../kernel/page-meta';
import { PhotoField } from '../../ui/photo-field';
import { SimilarAnswers } from '../advisory/similar-answers';
import type { Route } from './+types/consultation-form-route';
import { callInfo, SendError, sendPhoto, shrinkPhoto } from './send-photo';
import './consultation-form.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { form } = context.services.consultation;
  return {
    counties: [...form.listCounties()],
    signedIn: (await context.getViewer()) !== null,
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

type Field = keyof ConsultationBasics;
const emptyBasics: Record<Field, string> = { name: '', email: '', tel: '', city: '', area: '', plant: '', desc: '' };
/** /advNew's fields (spec order a1 … a6) and this site's `city`, as the form names them. */
const serverFields: Record<string, Field> = {
  a1: 'area',
  a2: 'plant',
  a3: 'name',
  a4: 'tel',
  a5: 'email',
  a6: 'desc',
  city: 'city',
};
const fieldOrder: Field[] = ['name', 'email', 'tel', 'city', 'area', 'plant', 'desc'];

interface PhotoState {
  /** 0–1 while sending. */
  progress: number;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  error?: string;
  /** A lost connection or a server error may pass on a second try; a refused photo will not. */
  retryable?: boolean;
}

const photoKey = (group: PhotoGroup, file: File) => `${group}/${file.name}/${file.size}/${file.lastModified}`;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
      );
}

/**
 * The consultation form (spec §2, §4): basic data → photos → done. Step 1 is checked with the
 * contract's messages; step 2 sends /advNew (with an idempotency key made once per form), then
 * each photo (shrunk in the browser, with its progress, retried alone), then the closing call.
 * The case exists for staff only once the closing call saw every photo (decision 0165). Needs
 * JavaScript (the robot check, per-photo progress): without it the page says so (decision 0166).
 */
export default function ConsultationFormRoute({ loaderData }: Route.ComponentProps) {
  const { counties, signedIn, retentionMonths } = loaderData;
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [values, setValues] = useState(emptyBasics);
  // Not one of the spec's fields: asked beside them, unticked until the asker ticks it (issue 25).
  const [publishConsent, setPublishConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [townships, setTownships] = useState<string[]>([]);
  const [files, setFiles] = useState<Record<PhotoGroup, File[]>>({ pic1: [], pic2: [], pic3: [] });
  const [photoStatus, setStatus] = useState<Record<string, PhotoState>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [caseId, setCaseId] = useState<number | null>(null);
  const [altchaRound, setAltchaRound] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const key = useRef('');
  const sentBlobs = useRef(new Map<string, Blob>());
  /** The data the current key's case was created with: changed data after a failure needs a new case. */
  const createdWith = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    key.current = newKey();
    setHydrated(true);
  }, []);

  // Each step starts at its heading, so a screen reader hears where it is.
  useEffect(() => {
    if (hydrated) heading.current?.focus();
  }, [step, hydrated]);

  useEffect(() => {
    if (!values.city) {
      setTownships([]);
      return;
    }
    let current = true;
    callInfo<{ d: Array<{ T_Name: string }> }>(apiUrl('api/info/vill'), { a1: values.city })
      .then((answer) => {
        if (current) setTownships(answer.d.map((township) => township.T_Name));
      })
      .catch(() => {
        if (current) setTownships([]);
      });
    return () => {
      current = false;
    };
  }, [values.city]);

  const set = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, ...(field === 'city' ? { area: '' } : {}), [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const checkField = (field: Field) => {
    const result = consultationBasicsSchema.shape[field].safeParse(values[field]);
    setErrors((previous) => ({ ...previous, [field]: result.success ? undefined : result.error.issues[0]?.message }));
  };

  const submitBasics = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = consultationBasicsSchema.safeParse(values);
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = fieldOrder.find((field) => found[field]);
      if (first) document.getElementById(`consultation-${first}`)?.focus();
      return;
    }
    setErrors({});
    setStep(2);
  };

  const setPhotoState = (id: string, next: PhotoState) => setStatus((previous) => ({ ...previous, [id]: next }));

  const submitPhotos = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let status = photoStatus;
    if (busy) return;
    if (files.pic1.length === 0) {
      setFailure(consultationFormMessages.farPhotoRequired);
      return;
    }
    const altcha = new FormData(event.currentTarget).get('altcha');
    setBusy(true);
    setFailure(null);
    try {
      const basics = consultationBasicsSchema.parse(values);
      const sent = JSON.stringify({ ...basics, publishConsent });
      if (createdWith.current !== null && createdWith.current !== sent) {
        // The farmer changed step 1 after a failed try: that half case expires, this is a new one.
        key.current = newKey();
        setStatus({});
        status = {};
      }
      const created = await callInfo<{ d: number; token: string }>(apiUrl('api/info/advNew'), {
        a1: basics.area,
        a2: basics.plant,
        a3: basics.name,
        a4: basics.tel,
        a5: basics.email,
        a6: basics.desc,
        city: basics.city,
        key: key.current,
        publishConsent,
        ...(typeof altcha === 'string' && altcha ? { altcha } : {}),
      });
      createdWith.current = sent;
      let total = 0;
      let failed = 0;
      let refused = 0;
      for (const group of photoGroups) {
        for (const file of files[group]) {
          total += 1;
          const id = photoKey(group, file);
          if (status[id]?.state === 'sent') continue;
          setPhotoState(id, { progress: 0, state: 'sending' });
          try {
            // The same bytes on a retry: the server recognises a photo it already has.
            let blob = sentBlobs.current.get(id);
            if (!blob) {
              blob = await shrinkPhoto(file);
              sentBlobs.current.set(id, blob);
            }
            await sendPhoto(
              apiUrl('assets/Huploadify/uploadadvnew.ashx'),
              { id: created.d, cl: group, token: created.token },
              { blob, name: file.name },
              (progress) => setPhotoState(id, { progress, state: 'sending' }),
            );
            setPhotoState(id, { progress: 1, state: 'sent' });
          } catch (error) {
            failed += 1;
            if (error instanceof SendError && error.status >= 400 && error.status < 500 && error.status !== 429) {
              refused += 1;
            }
            setPhotoState(id, {
              progress: 0,
              state: 'failed',
              error: error instanceof SendError ? error.message : '發生錯誤',
              retryable:
                !(error instanceof SendError) || error.status === 0 || error.status >= 500 || error.status === 429,
            });
          }
        }
      }
      if (refused > 0) throw new SendError('請移除標示錯誤的照片後再按「完成」', 0);
      if (failed > 0) throw new SendError('有照片未上傳完成，請按「重試」', 0);
      const done = await callInfo<{ d: { id: number } }>(apiUrl('api/info/advDone'), {
        key: key.current,
        token: created.token,
        photos: total,
      });
      setCaseId(done.d.id);
      setStep(3);
    } catch (error) {
      if (error instanceof SendError && error.issues.length > 0) {
        const found: Partial<Record<Field, string>> = {};
        for (const issue of error.issues) {
          const field = serverFields[issue.path];
          if (field) found[field] ??= issue.message;
        }
        if (Object.keys(found).length > 0) {
          setErrors(found);
          setStep(1);
        }
      }
      const detail =
        error instanceof SendError && error.message !== consultationFormMessages.submitFailed ? error.message : '';
      setFailure(
        detail ? `${consultationFormMessages.submitFailed}：${detail}` : consultationFormMessages.submitFailed,
      );
      // A robot-check solution is spent by the request that carried it; once the case exists a
      // retry needs none, and the widget keeps its state.
      if (createdWith.current === null) setAltchaRound((round) => round + 1);
    } finally {
      setBusy(false);
    }
  };

  const renderStatus = (group: PhotoGroup) => (file: File) => {
    const state = photoStatus[photoKey(group, file)];
    if (!state || state.state === 'waiting') return null;
    if (state.state === 'failed') {
      return (
        <span className="consultation-form__photo-status consultation-form__photo-status--failed">
          {state.error ?? '上傳失敗'}
          {state.retryable ? (
            // Sends the form again: photos already stored are skipped, this one goes again.
            <button
              type="submit"
              className="consultation-form__retry"
              disabled={busy}
              aria-label={`重試上傳 ${file.name}`}
            >
              重試
            </button>
          ) : null}
        </span>
      );
    }
    const percent = Math.round(state.progress * 100);
    return (
      <span className="consultation-form__photo-status">
        <progress max={100} value={percent} aria-label={`${file.name} 上傳進度`} />
        {state.state === 'sent' ? '已上傳' : `${percent}%`}
      </span>
    );
  };

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
      <div className="consultation-form__alert" role="alert" hidden={!failure}>
        {failure}
      </div>

      {step === 1 ? (
        <form
          className="consultation-form__panel"
          noValidate
          onSubmit={submitBasics}
          aria-labelledby="consultation-step-1"
        >
          <h2 id="consultation-step-1" ref={heading} tabIndex={-1}>
            步驟一：基本資料
          </h2>
          <p className="consultation-form__note">
            標示 <span aria-hidden="true">*</span>
            <span className="visually-hidden">星號</span> 的欄位必填。
          </p>
          <TextField id="name" label="姓名" autoComplete="name" {...fieldProps('name')} />
          <TextField
            id="email"
            label="電子郵件"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...fieldProps('email')}
          />
          <TextField
            id="tel"
            label="聯絡電話"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint="手機或市話，例如 0912-345-678、02-2345-6789"
            {...fieldProps('tel')}
          />
          <div className="consultation-form__row">
            <SelectField
              id="city"
              label="縣市"
              options={counties.map((c) => ({ value: c.County_ID, label: c.C_Name }))}
              {...fieldProps('city')}
            />
            <SelectField
              id="area"
              label="鄉鎮市區"
              options={townships.map((name) => ({ value: name, label: name }))}
              placeholder={values.city ? '請選擇鄉鎮市區' : '請先選擇縣市'}
              {...fieldProps('area')}
            />
          </div>
          <TextField
            id="plant"
            label="作物"
            autoComplete="off"
            hint="例如：水稻、番茄、柑橘"
            {...fieldProps('plant')}
          />
          <div className="consultation-form__field">
            <label htmlFor="consultation-desc" className="consultation-form__label">
              狀況描述{' '}
              <span className="consultation-form__required" aria-hidden="true">
                *
              </span>
            </label>
            <textarea
              id="consultation-desc"
              className="consultation-form__input"
              rows={6}
              required
              value={values.desc}
              aria-invalid={errors.desc ? true : undefined}
              aria-describedby="consultation-desc-hint consultation-desc-error"
              onChange={(event) => set('desc', event.currentTarget.value)}
              onBlur={() => checkField('desc')}
            />
            <p id="consultation-desc-hint" className="consultation-form__hint">
              發生的部位、時間、範圍與已做過的處理
            </p>
            <p id="consultation-desc-error" className="consultation-form__error" aria-live="polite">
              {errors.desc}
            </p>
          </div>
          <section className="consultation-form__notice" aria-labelledby="consultation-notice">
            <h3 id="consultation-notice">您的資料如何使用</h3>
            {consultationNoticeParagraphs(retentionMonths).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>
              詳見<Link to="/privacy">隱私權政策</Link>。
            </p>
          </section>
          <div className="consultation-form__consent">
            <input
              id="consultation-publish-consent"
              type="checkbox"
              name="publishConsent"
              checked={publishConsent}
              onChange={(event) => setPublishConsent(event.currentTarget.checked)}
              aria-describedby="consultation-publish-consent-hint"
            />
            <label htmlFor="consultation-publish-consent">{publishConsentLabel}</label>
            <p id="consultation-publish-consent-hint" className="consultation-form__hint">
              {publishConsentHint}
            </p>
          </div>
          <div className="consultation-form__actions">
            <button type="submit" className="consultation-form__primary" disabled={!hydrated}>
              下一步
            </button>
          </div>
        </form>
      ) : null}

      {step === 2 ? (
        <form
          className="consultation-form__panel"
          noValidate
          onSubmit={submitPhotos}
          aria-labelledby="consultation-step-2"
          aria-busy={busy}
        >
          <h2 id="consultation-step-2" ref={heading} tabIndex={-1}>
            步驟二：上傳照片
          </h2>
          <p className="consultation-form__note">
            每組最多 5 張，至少一張遠照。照片會先在您的手機縮小再傳送，並移除拍攝位置等資料。
          </p>
          <SimilarAnswers crop={values.plant} text={values.desc} />
          {photoGroups.map((group) => (
            <div key={group} className="consultation-form__group">
              <PhotoField
                name={group}
                label={photoGroupLabels[group]}
                rules={photoUploadRules}
                required={group === 'pic1' ? { message: consultationFormMessages.farPhotoRequired } : undefined}
                onFilesChange={(next) => setFiles((previous) => ({ ...previous, [group]: next }))}
                renderStatus={renderStatus(group)}
                disabled={busy}
              />
            </div>
          ))}
          {signedIn ? null : <AltchaField key={altchaRound} errorId="consultation-altcha-error" />}
          <p className="consultation-form__status" role="status">
            {busy ? '送出中，請勿關閉頁面…' : ''}
          </p>
          <div className="consultation-form__actions">
            <button type="button" className="consultation-form__secondary" onClick={() => setStep(1)} disabled={busy}>
              上一步
            </button>
            <button type="submit" className="consultation-form__primary" disabled={busy}>
              {busy ? '送出中…' : '完成'}
            </button>
          </div>
        </form>
      ) : null}

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

  function fieldProps(field: Field) {
    return {
      value: values[field],
      error: errors[field],
      onChange: (value: string) => set(field, value),
      onBlur: () => checkField(field),
    };
  }
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange(value: string): void;
  onBlur(): void;
}

function Label({ id, label }: { id: string; label: string }) {
  return (
    <label htmlFor={`consultation-${id}`} className="consultation-form__label">
      {label}{' '}
      <span className="consultation-form__required" aria-hidden="true">
        *
      </span>
    </label>
  );
}

function Messages({ id, hint, error }: { id: string; hint?: string | undefined; error: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`consultation-${id}-hint`} className="consultation-form__hint">
          {hint}
        </p>
      ) : null}
      <p id={`consultation-${id}-error`} className="consultation-form__error" aria-live="polite">
        {error}
      </p>
    </>
  );
}

function TextField({
  id,
  label,
  value,
  error,
  hint,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  inputMode,
}: FieldProps & { type?: 'text' | 'email' | 'tel'; autoComplete: string; inputMode?: 'email' | 'tel' }) {
  return (
    <div className="consultation-form__field">
      <Label id={id} label={label} />
      <input
        id={`consultation-${id}`}
        className="consultation-form__input"
        type={type}
        required
        autoComplete={autoComplete}
        {...(inputMode ? { inputMode } : {})}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hint ? `consultation-${id}-hint ` : ''}consultation-${id}-error`}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

function SelectField({
  id,
  label,
  value,
  error,
  onChange,
  onBlur,
  options,
  placeholder = '請選擇',
}: FieldProps & { options: Array<{ value: string; label: string }>; placeholder?: string }) {
  return (
    <div className="consultation-form__field">
      <Label id={id} label={label} />
      <select
        id={`consultation-${id}`}
        className="consultation-form__input"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`consultation-${id}-error`}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} />
    </div>
  );
}
