import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import {
  contactCountries,
  contactCountryLabels,
  contactFormSchema,
  contactIndustries,
  contactIndustryLabels,
  contactMessageMaxLength,
  contactMessages,
  type ContactForm as ContactFormValues,
} from '@pest/contracts';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { ScriptReadyNote } from '../ui/script-ready-note';
import { Bilingual, OnceSent, useSentForm } from './use-sent-form';

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
  return (
    <OnceSent
      confirmation={
        <p>
          <Bilingual chinese={contactMessages.sent} english={contactMessages.sentEnglish} />
        </p>
      }
      again="再寫一則留言"
      form={(onSent) => <ContactFields member={member} onSent={onSent} />}
    />
  );
}

/**
 * The form itself (useSentForm: Conform with the contract's schema, the robot check, one key per
 * message); submit disabled until the scripts are ready and while sending.
 */
function ContactFields({ member, onSent }: { member: ContactPrefill | null; onSent: () => void }) {
  const { form, fields, busy, hydrated, alert, alertRef, robotErrors, altchaRound } = useSentForm({
    id: 'contact',
    schema: contactFormSchema,
    url: 'api/v1/contacts',
    fieldNames,
    defaultValue: member ? { name: member.name, email: member.email } : undefined,
    onSent,
  });

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
