import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { feedbackFormSchema } from '@pest/contracts';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { ScriptReadyNote } from '../ui/script-ready-note';
import { OnceSent, useSentForm } from './use-sent-form';

/**
 * The site's short feedback form: what could be better, and optionally a name and an address for a
 * reply. It lands in the staff inbox beside the contact messages. Once sent, a thank-you stands in
 * its place (decision 0365).
 */
export function FeedbackForm({ from }: { from: string | null }) {
  return (
    <OnceSent
      confirmation={<p>謝謝您的意見！我們已經收到了。</p>}
      again="再寫一則意見"
      form={(onSent) => <FeedbackFields from={from} onSent={onSent} />}
    />
  );
}

const fieldNames = new Set(['message', 'name', 'email']);

function FeedbackFields({ from, onSent }: { from: string | null; onSent: () => void }) {
  const { form, fields, busy, hydrated, alert, alertRef, robotErrors, altchaRound } = useSentForm({
    id: 'feedback',
    schema: feedbackFormSchema,
    url: 'api/v1/feedback',
    fieldNames,
    extra: from ? { page: from } : undefined,
    onSent,
  });

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
