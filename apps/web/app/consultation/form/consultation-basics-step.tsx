import { consultationNoticeParagraphs, publishConsentHint, publishConsentLabel } from '@pest/contracts';
import { Link } from 'react-router';
import { ScriptReadyNote } from '../../ui/script-ready-note';
import type { Route } from './+types/consultation-form-route';
import { SelectField, TextField } from './consultation-form-fields';
import type { ConsultationFormState, Field } from './use-consultation-form';

interface BasicsStepProps {
  form: ConsultationFormState;
  counties: Route.ComponentProps['loaderData']['counties'];
  retentionMonths: number;
}

/** Step 1 of the consultation form: the asker's basic data, the notice and the publishing consent. */
export function ConsultationBasicsStep({ form, counties, retentionMonths }: BasicsStepProps) {
  const {
    values,
    errors,
    townships,
    publishConsent,
    setPublishConsent,
    hydrated,
    heading,
    set,
    checkField,
    submitBasics,
  } = form;
  return (
    <form className="consultation-form__panel" noValidate onSubmit={submitBasics} aria-labelledby="consultation-step-1">
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
      <TextField id="plant" label="作物" autoComplete="off" hint="例如：水稻、番茄、柑橘" {...fieldProps('plant')} />
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
      <ScriptReadyNote ready={hydrated} needs="機器人驗證與照片上傳" />
    </form>
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
