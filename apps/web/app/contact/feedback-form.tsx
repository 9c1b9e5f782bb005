import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  contactMessages,
  feedbackFormSchema,
  robotMissingMessage,
  type FeedbackForm as Feedback,
} from '@pest/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fetchProductApi } from '../accounts';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { ScriptReadyNote, useHydrated } from '../ui/script-ready-note';
import { SentConfirmation } from '../ui/sent-confirmation';
import { Bilingual } from './contact-form';
import { newFormKey, readProblem } from './new-form-key';

/**
 * The site's short feedback form: what could be better, and optionally a name and an address for a
 * reply. It lands in the staff inbox beside the contact messages. Once sent, a thank-you stands in
 * its place (decision 0365).
 */
export function FeedbackForm({ from }: { from: string | null }) {
  const [sent, setSent] = useState(false);
  const [round, setRound] = useState(0);
  if (sent) {
    return (
      <SentConfirmation
        actions={
          <button
            type="button"
            className="contact-form__submit"
            onClick={() => {
              setSent(false);
              setRound((value) => value + 1);
            }}
          >
            再寫一則意見
          </button>
        }
      >
        <p>謝謝您的意見！我們已經收到了。</p>
      </SentConfirmation>
    );
  }
  return <FeedbackFields key={round} from={from} onSent={() => setSent(true)} />;
}

function FeedbackFields({ from, onSent }: { from: string | null; onSent: () => void }) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const [alert, setAlert] = useState<ReactNode>(null);
  const [robotErrors, setRobotErrors] = useState<string[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [altchaRound, setAltchaRound] = useState(0);
  const hydrated = useHydrated();
  const key = useRef('');
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    key.current = newFormKey();
  }, []);
  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const [form, fields] = useForm({
    id: 'feedback',
    lastResult,
    constraint: getZodConstraint(feedbackFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: feedbackFormSchema }),
    onSubmit: (event, { submission, formData }) => {
      event.preventDefault();
      if (busy || submission?.status !== 'success') return;
      setAlert(null);
      const token = formData.get('altcha');
      if (typeof token !== 'string' || token === '') {
        setRobotErrors([robotMissingMessage]);
        return;
      }
      setRobotErrors(undefined);
      setBusy(true);
      void send(submission.value, token, (fieldErrors) => setLastResult(submission.reply({ fieldErrors })));
    },
  });

  const send = async (values: Feedback, token: string, showFieldErrors: (errors: Record<string, string[]>) => void) => {
    try {
      const response = await fetchProductApi('api/v1/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, token, key: key.current, ...(from ? { page: from } : {}) }),
      });
      if (response.ok) {
        onSent();
        return;
      }
      const problem = await readProblem(response);
      const found: Record<string, string[]> = {};
      for (const issue of problem?.issues ?? []) {
        if (['message', 'name', 'email'].includes(issue.path)) found[issue.path] ??= [issue.message];
      }
      if (Object.keys(found).length > 0) showFieldErrors(found);
      const robot = problem?.issues.some((issue) => issue.path === 'token') || problem?.message === robotMissingMessage;
      if (robot) setRobotErrors([robotMissingMessage]);
      else
        setAlert(
          <>
            <Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />
            {problem && response.status < 500 && Object.keys(found).length === 0 ? `（${problem.message}）` : null}
          </>,
        );
    } catch {
      setAlert(<Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />);
    } finally {
      setBusy(false);
      setAltchaRound((round) => round + 1);
    }
  };

  const message = getTextareaProps(fields.message);
  return (
    <form {...getFormProps(form)} className="contact-form" aria-label="意見回饋表單">
      <div className="contact-form__field">
        <label htmlFor={fields.message.id} className="contact-form__label">
          您的意見<span className="contact-form__required">（必填）</span>
        </label>
        <textarea {...message} key={message.key} rows={5} className="contact-form__input contact-form__textarea" />
        {fields.message.errors?.length ? (
          <p id={fields.message.errorId} className="contact-form__error">
            {fields.message.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="contact-form__grid">
        {([fields.name, fields.email] as const).map((field) => {
          const props = getInputProps(field, { type: field.name === 'email' ? 'email' : 'text' });
          return (
            <div className="contact-form__field" key={field.name}>
              <label htmlFor={field.id} className="contact-form__label">
                {field.name === 'name' ? '姓名' : '電子郵件（需要回覆時）'}
                <span className="contact-form__required">（選填）</span>
              </label>
              <input {...props} key={props.key} autoComplete={field.name} className="contact-form__input" />
              {field.errors?.length ? (
                <p id={field.errorId} className="contact-form__error">
                  {field.errors[0]}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <PrivacyNotice purpose="姓名與電子郵件可以不填；填了只用於回覆您的意見。" />
      <AltchaField key={altchaRound} errors={robotErrors} errorId="feedback-altcha-error" />
      <div ref={alertRef} tabIndex={-1} role="alert" className="contact-form__alert" hidden={!alert}>
        {alert}
      </div>
      <button type="submit" className="contact-form__submit" disabled={!hydrated || busy} aria-busy={busy}>
        {busy ? '送出中…' : '送出意見'}
      </button>
      <ScriptReadyNote ready={hydrated} needs="「我不是機器人」驗證" />
    </form>
  );
}
