/*
 * The consultation form's labelled text and select fields (step 1), each with its hint and its
 * error announced beside it.
 */

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

export function TextField({
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

export function SelectField({
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
