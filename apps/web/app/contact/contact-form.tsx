import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  contactCountries,
  contactCountryLabels,
  contactFormSchema,
  contactIndustries,
  contactIndustryLabels,
  contactMessageMaxLength,
  contactMessages,
  robotMissingMessage,
  type ContactForm as ContactFormValues,
} from '@pest/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SubmissionResult } from '@conform-to/react';
import { fetchProductApi } from '../accounts';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { ScriptReadyNote, useHydrated } from '../ui/script-ready-note';
import { SentConfirmation } from '../ui/sent-confirmation';
import { newFormKey, readProblem } from './new-form-key';

type Field = keyof ContactFormValues;
/** What the label and error need of any field, whatever its value's type. */
type ShownField = Pick<FieldMetadata<unknown>, 'id' | 'required' | 'errors' | 'errorId'>;
const fieldNames = new Set<string>([
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
]);

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

/** What the site knows of a signed-in member, filled in for them. */
export interface ContactPrefill {
  name: string;
  email: string;
}

/** The spec's English words after the Chinese, marked as English for screen readers. */
export function Bilingual({ chinese, english }: { chinese: string; english: string }) {
  return (
    <>
      {chinese} <span lang="en">{english}</span>
    </>
  );
}

function FieldLabel({ field, text }: { field: ShownField; text: string }) {
  return (
    <label htmlFor={field.id} className="contact-form__label">
      {text}
      <span className="contact-form__required">{field.required ? '（必填）' : '（選填）'}</span>
    </label>
  );
}

function FieldError({ field }: { field: ShownField }) {
  return field.errors?.length ? (
    <p id={field.errorId} className="contact-form__error">
      {field.errors[0]}
    </p>
  ) : null;
}

/**
 * The contact form as the page shows it: the form, then, once sent, the spec's
 * confirmation in its place with the focus on it and a way to write another (decision 0365).
 */
export function ContactForm({ member }: { member: ContactPrefill | null }) {
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
            再寫一則留言
          </button>
        }
      >
        <p>
          <Bilingual chinese={contactMessages.sent} english={contactMessages.sentEnglish} />
        </p>
      </SentConfirmation>
    );
  }
  return <ContactFields key={round} member={member} onSent={() => setSent(true)} />;
}

/**
 * The form itself (Conform with the contract's schema): every field checked with the contract's
 * messages as the visitor leaves it and on submit; the robot check, whose error stands beside it and
 * takes the focus; submit disabled until the scripts are ready and while sending. Sent with an
 * idempotency key made once per message, so a retry after a lost answer creates one message.
 */
function ContactFields({ member, onSent }: { member: ContactPrefill | null; onSent: () => void }) {
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
    id: 'contact',
    lastResult,
    constraint: getZodConstraint(contactFormSchema),
    defaultValue: member ? { name: member.name, email: member.email } : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactFormSchema }),
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

  const send = async (
    values: ContactFormValues,
    token: string,
    showFieldErrors: (errors: Record<string, string[]>) => void,
  ) => {
    try {
      const response = await fetchProductApi('api/v1/contacts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, token, key: key.current }),
      });
      if (response.ok) {
        onSent();
        return;
      }
      const problem = await readProblem(response);
      const found: Record<string, string[]> = {};
      for (const issue of problem?.issues ?? []) {
        if (fieldNames.has(issue.path)) found[issue.path] ??= [issue.message];
      }
      if (Object.keys(found).length > 0) showFieldErrors(found);
      const robot = problem?.issues.some((issue) => issue.path === 'token') || problem?.message === robotMissingMessage;
      if (robot) setRobotErrors([robotMissingMessage]);
      else
        setAlert(
          <>
            <Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />
            {problem && response.status !== 500 && Object.keys(found).length === 0 ? `（${problem.message}）` : null}
          </>,
        );
    } catch {
      setAlert(<Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />);
    } finally {
      setBusy(false);
      // A robot-check answer is spent by the request that carried it: the check starts over.
      setAltchaRound((round) => round + 1);
    }
  };

  const input = (
    field: FieldMetadata<string | undefined>,
    name: Field,
    type: 'text' | 'email' | 'tel' | 'url' = 'text',
  ) => {
    const props = getInputProps(field, { type });
    return (
      <div className="contact-form__field" key={name}>
        <FieldLabel field={field} text={labels[name]} />
        <input {...props} key={props.key} className="contact-form__input" autoComplete={autoComplete[name]} />
        <FieldError field={field} />
      </div>
    );
  };
  const select = <Value,>(
    field: FieldMetadata<Value, Record<string, unknown>, string[]>,
    name: 'country' | 'industry',
    options: readonly string[],
    optionLabels: Record<string, string>,
  ) => {
    const props = getSelectProps(field);
    return (
      <div className="contact-form__field" key={name}>
        <FieldLabel field={field} text={labels[name]} />
        <select {...props} key={props.key} className="contact-form__input">
          <option value="">請選擇</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabels[option]}
            </option>
          ))}
        </select>
        <FieldError field={field} />
      </div>
    );
  };

  const message = getTextareaProps(fields.message);
  const length = [...(fields.message.value ?? '').trim()].length;
  return (
    <form {...getFormProps(form)} className="contact-form" aria-label="聯絡表單">
      <div className="contact-form__grid">
        {input(fields.name, 'name')}
        {input(fields.email, 'email', 'email')}
        {input(fields.company_name, 'company_name')}
        {select(fields.country, 'country', contactCountries, contactCountryLabels)}
        {select(fields.industry, 'industry', contactIndustries, contactIndustryLabels)}
        {input(fields.telephone, 'telephone', 'tel')}
        {input(fields.fax, 'fax', 'tel')}
        {input(fields.website, 'website', 'url')}
      </div>
      {input(fields.address, 'address')}
      {input(fields.title, 'title')}
      <div className="contact-form__field">
        <FieldLabel field={fields.message} text={labels.message} />
        <textarea
          {...message}
          key={message.key}
          // The count below says when it is too long; the browser does not cut the text silently.
          maxLength={undefined}
          className="contact-form__input contact-form__textarea"
          rows={5}
          aria-describedby={[message['aria-describedby'], 'contact-message-count'].filter(Boolean).join(' ')}
        />
        <p
          id="contact-message-count"
          className={`contact-form__count${length > contactMessageMaxLength ? ' contact-form__count--over' : ''}`}
        >
          {length} / {contactMessageMaxLength} 字
        </p>
        <FieldError field={fields.message} />
      </div>
      <PrivacyNotice purpose="您填寫的資料只用於回覆這則訊息，由負責回覆的工作人員閱讀。" />
      <AltchaField key={altchaRound} errors={robotErrors} errorId="contact-altcha-error" />
      <div ref={alertRef} tabIndex={-1} role="alert" className="contact-form__alert" hidden={!alert}>
        {alert}
      </div>
      <button type="submit" className="contact-form__submit" disabled={!hydrated || busy} aria-busy={busy}>
        {busy ? '送出中…' : '送出'}
      </button>
      <ScriptReadyNote ready={hydrated} needs="「我不是機器人」驗證" />
      <p className="contact-form__note">也可以直接以電話或電子郵件與我們聯繫。</p>
    </form>
  );
}
