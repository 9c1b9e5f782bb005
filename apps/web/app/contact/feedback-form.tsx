import { contactMessages, feedbackFormSchema, robotMissingMessage } from '@pest/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { fetchProductApi } from '../accounts';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { Bilingual } from './contact-form';
import { newFormKey, readProblem } from './new-form-key';

type Field = 'message' | 'name' | 'email';
const fieldOrder: Field[] = ['message', 'name', 'email'];

/**
 * The site's short feedback form (issue 15 #13): what could be better, and optionally a name and
 * an address for a reply. It lands in the staff inbox beside the contact messages.
 */
export function FeedbackForm({ from }: { from: string | null }) {
  const [values, setValues] = useState<Record<Field, string>>({ message: '', name: '', email: '' });
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
  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const set = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setSent(false);
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const parsed = feedbackFormSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = fieldOrder.find((field) => found[field]);
      if (first) document.getElementById(`feedback-${first}`)?.focus();
      return;
    }
    setErrors({});
    const token = new FormData(event.currentTarget).get('altcha');
    if (typeof token !== 'string' || token === '') {
      setAlert(<Bilingual chinese={contactMessages.robotMissing} english={contactMessages.robotMissingEnglish} />);
      return;
    }
    setBusy(true);
    try {
      const response = await fetchProductApi('api/v1/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...parsed.data, token, key: key.current, ...(from ? { page: from } : {}) }),
      });
      if (response.ok) {
        setValues({ message: '', name: '', email: '' });
        setSent(true);
        key.current = newFormKey();
        return;
      }
      const problem = await readProblem(response);
      const robot = problem?.issues.some((issue) => issue.path === 'token') || problem?.message === robotMissingMessage;
      setAlert(
        robot ? (
          <Bilingual chinese={contactMessages.robotMissing} english={contactMessages.robotMissingEnglish} />
        ) : (
          <>
            <Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />
            {problem && response.status < 500 ? `（${problem.message}）` : null}
          </>
        ),
      );
    } catch {
      setAlert(<Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />);
    } finally {
      setBusy(false);
      setAltchaRound((round) => round + 1);
    }
  };

  const error = (field: Field) =>
    errors[field] ? (
      <p id={`feedback-${field}-error`} className="contact-form__error">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: Field) => (errors[field] ? `feedback-${field}-error` : undefined);

  return (
    <form className="contact-form" noValidate onSubmit={(event) => void submit(event)} aria-label="意見回饋表單">
      <p className="contact-form__status" role="status">
        {sent ? '謝謝您的意見！我們已經收到了。' : null}
      </p>
      <div ref={alertRef} tabIndex={-1} role="alert" className="contact-form__alert" hidden={!alert}>
        {alert}
      </div>
      <div className="contact-form__field">
        <label htmlFor="feedback-message" className="contact-form__label">
          您的意見<span className="contact-form__required">（必填）</span>
        </label>
        <textarea
          id="feedback-message"
          name="message"
          rows={5}
          className="contact-form__input contact-form__textarea"
          value={values.message}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          onChange={(event) => set('message', event.target.value)}
        />
        {error('message')}
      </div>
      <div className="contact-form__grid">
        {(['name', 'email'] as const).map((field) => (
          <div className="contact-form__field" key={field}>
            <label htmlFor={`feedback-${field}`} className="contact-form__label">
              {field === 'name' ? '姓名' : '電子郵件（需要回覆時）'}
              <span className="contact-form__required">（選填）</span>
            </label>
            <input
              id={`feedback-${field}`}
              name={field}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={field}
              className="contact-form__input"
              value={values[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(field)}
              onChange={(event) => set(field, event.target.value)}
            />
            {error(field)}
          </div>
        ))}
      </div>
      <PrivacyNotice purpose="姓名與電子郵件可以不填；填了只用於回覆您的意見。" />
      <AltchaField key={altchaRound} errorId="feedback-altcha-error" />
      <button type="submit" className="contact-form__submit" disabled={!hydrated || busy} aria-busy={busy}>
        {busy ? '送出中…' : '送出意見'}
      </button>
      <noscript>
        <p className="contact-form__note">送出意見需要啟用 JavaScript（「我不是機器人」驗證）。</p>
      </noscript>
    </form>
  );
}
