import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';

/**
 * A labelled input with its error beside it (shown once the field was touched, and on
 * submit). The error is tied to the input by aria-describedby and marked aria-invalid; the form's
 * own message is a live region, so a failed submit is announced.
 */
export function FormField({
  field,
  label,
  type,
  autoComplete,
  hint,
  children,
  inputMode,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  hint?: string;
  children?: ReactNode;
  inputMode?: 'email' | 'text';
}) {
  const hintId = `${field.id}-hint`;
  const props = getInputProps(field, { type, ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div className="account-form__field">
      <label htmlFor={field.id} className="account-form__label">
        {label}
        {field.required ? <span className="account-form__required">（必填）</span> : null}
      </label>
      <input
        {...props}
        key={props.key}
        className="account-form__input"
        autoComplete={autoComplete}
        {...(inputMode ? { inputMode } : {})}
      />
      {hint ? (
        <p id={hintId} className="account-form__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {field.errors?.length ? (
        <p id={field.errorId} className="account-form__error">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** The form's own message (a wrong password, a locked account): announced when it appears. */
export function FormMessage({ errors, id }: { errors?: string[] | undefined; id: string }) {
  return (
    <div id={id} role="alert" className="account-form__alert" hidden={!errors?.length}>
      {errors?.[0] ?? null}
    </div>
  );
}
