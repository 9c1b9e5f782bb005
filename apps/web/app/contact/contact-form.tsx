import {
  contactCountries,
  contactCountryLabels,
  contactFormSchema,
  contactIndustries,
  contactIndustryLabels,
  contactMessageMaxLength,
  contactMessages,
  robotMissingMessage,
} from '@pest/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fetchProductApi } from '../accounts';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { newFormKey, readProblem } from './new-form-key';

type Field =
  | 'name'
  | 'email'
  | 'company_name'
  | 'country'
  | 'industry'
  | 'telephone'
  | 'fax'
  | 'address'
  | 'website'
  | 'title'
  | 'message';
const fieldOrder: Field[] = [
  'name',
  'email',
  'company_name',
  'country',
  'industry',
  'telephone',
  'fax',
  'address',
  'website',
  'title',
  'message',
];
const empty: Record<Field, string> = Object.fromEntries(fieldOrder.map((field) => [field, ''])) as Record<
  Field,
  string
>;

const labels: Record<Field, string> = {
  name: '姓名',
  email: '電子郵件',
  company_name: '公司或單位',
  country: '國家或地區',
  industry: '產業別',
  telephone: '電話',
  fax: '傳真',
  address: '地址',
  website: '網站',
  title: '主旨',
  message: '留言內容',
};
const required = new Set<Field>(['name', 'email', 'company_name', 'country', 'telephone', 'title', 'message']);
const autoComplete: Partial<Record<Field, string>> = {
  name: 'name',
  email: 'email',
  company_name: 'organization',
  country: 'off',
  telephone: 'tel',
  fax: 'off',
  address: 'street-address',
  website: 'url',
};

/** The spec's English words after the Chinese, marked as English for screen readers. */
export function Bilingual({ chinese, english }: { chinese: string; english: string }) {
  return (
    <>
      {chinese} <span lang="en">{english}</span>
    </>
  );
}

/**
 * The contact form (spec §2, §4, §5): every field checked with the contract's messages as the
 * visitor leaves it and on submit; the robot check; submit disabled while sending; on success the
 * confirmation shows and the form starts over. Sent with an idempotency key made once per message,
 * so a retry after a lost answer creates one message.
 */
export function ContactForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<ReactNode>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [altchaRound, setAltchaRound] = useState(0);
  const key = useRef('');
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    key.current = newFormKey();
    setHydrated(true);
  }, []);

  const set = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setSent(false);
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const check = (field: Field) => {
    const result = contactFormSchema.shape[field].safeParse(values[field]);
    setErrors((previous) => ({ ...previous, [field]: result.success ? undefined : result.error.issues[0]?.message }));
  };
  const showFieldErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (first) document.getElementById(`contact-${first}`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setSent(false);
    const parsed = contactFormSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      showFieldErrors(found);
      return;
    }
    setErrors({});
    const token = new FormData(event.currentTarget).get('altcha');
    if (typeof token !== 'string' || token === '') {
      setAlert(<Bilingual chinese={contactMessages.robotMissing} english={contactMessages.robotMissingEnglish} />);
      alertRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const response = await fetchProductApi('api/v1/contacts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...parsed.data, token, key: key.current }),
      });
      if (response.ok) {
        setValues(empty);
        setSent(true);
        key.current = newFormKey();
        return;
      }
      const problem = await readProblem(response);
      const found: Partial<Record<Field, string>> = {};
      for (const issue of problem?.issues ?? []) {
        if ((fieldOrder as string[]).includes(issue.path)) found[issue.path as Field] ??= issue.message;
      }
      if (Object.keys(found).length > 0) showFieldErrors(found);
      const robot = problem?.issues.some((issue) => issue.path === 'token') || problem?.message === robotMissingMessage;
      setAlert(
        robot ? (
          <Bilingual chinese={contactMessages.robotMissing} english={contactMessages.robotMissingEnglish} />
        ) : (
          <>
            <Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />
            {problem && response.status !== 500 && Object.keys(found).length === 0 ? `（${problem.message}）` : null}
          </>
        ),
      );
    } catch {
      setAlert(<Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />);
    } finally {
      setBusy(false);
      // A robot-check answer is spent by the request that carried it: the check starts over.
      setAltchaRound((round) => round + 1);
    }
  };

  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const describedBy = (field: Field, extra?: string) =>
    [errors[field] ? `contact-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="contact-form__error">
        {errors[field]}
      </p>
    ) : null;
  const label = (field: Field) => (
    <label htmlFor={`contact-${field}`} className="contact-form__label">
      {labels[field]}
      <span className="contact-form__required">{required.has(field) ? '（必填）' : '（選填）'}</span>
    </label>
  );
  const input = (field: Field, type: 'text' | 'email' | 'tel' | 'url' = 'text') => (
    <div className="contact-form__field" key={field}>
      {label(field)}
      <input
        id={`contact-${field}`}
        name={field}
        type={type}
        className="contact-form__input"
        value={values[field]}
        required={required.has(field)}
        autoComplete={autoComplete[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(event) => set(field, event.target.value)}
        onBlur={() => check(field)}
      />
      {fieldError(field)}
    </div>
  );
  const select = (field: 'country' | 'industry', options: readonly string[], optionLabels: Record<string, string>) => (
    <div className="contact-form__field" key={field}>
      {label(field)}
      <select
        id={`contact-${field}`}
        name={field}
        className="contact-form__input"
        value={values[field]}
        required={required.has(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(event) => set(field, event.target.value)}
        onBlur={() => check(field)}
      >
        <option value="">請選擇</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabels[option]}
          </option>
        ))}
      </select>
      {fieldError(field)}
    </div>
  );

  const length = [...values.message.trim()].length;
  return (
    <form className="contact-form" noValidate onSubmit={(event) => void submit(event)} aria-label="聯絡表單">
      <p className="contact-form__status" role="status">
        {sent ? <Bilingual chinese={contactMessages.sent} english={contactMessages.sentEnglish} /> : null}
      </p>
      <div ref={alertRef} tabIndex={-1} role="alert" className="contact-form__alert" hidden={!alert}>
        {alert}
      </div>
      <div className="contact-form__grid">
        {input('name')}
        {input('email', 'email')}
        {input('company_name')}
        {select('country', contactCountries, contactCountryLabels)}
        {select('industry', contactIndustries, contactIndustryLabels)}
        {input('telephone', 'tel')}
        {input('fax', 'tel')}
        {input('website', 'url')}
      </div>
      {input('address')}
      {input('title')}
      <div className="contact-form__field">
        {label('message')}
        <textarea
          id="contact-message"
          name="message"
          className="contact-form__input contact-form__textarea"
          rows={5}
          value={values.message}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', 'contact-message-count')}
          onChange={(event) => set('message', event.target.value)}
          onBlur={() => check('message')}
        />
        <p
          id="contact-message-count"
          className={`contact-form__count${length > contactMessageMaxLength ? ' contact-form__count--over' : ''}`}
        >
          {length} / {contactMessageMaxLength} 字
        </p>
        {fieldError('message')}
      </div>
      <PrivacyNotice purpose="您填寫的資料只用於回覆這則訊息，由負責回覆的工作人員閱讀。" />
      <AltchaField key={altchaRound} errorId="contact-altcha-error" />
      <button type="submit" className="contact-form__submit" disabled={!hydrated || busy} aria-busy={busy}>
        {busy ? '送出中…' : '送出'}
      </button>
      <noscript>
        <p className="contact-form__note">
          送出表單需要啟用 JavaScript（「我不是機器人」驗證）。也可以直接以電話或電子郵件與我們聯繫。
        </p>
      </noscript>
    </form>
  );
}
