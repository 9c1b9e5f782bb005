import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { adminFields, type AdminField } from '@pest/contracts';
import { Form, Link, useNavigation } from 'react-router';
import type { z } from 'zod';

interface AdminFormProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: z.ZodObject<any>;
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, unknown>;
  submitLabel: string;
  cancelHref: string;
}

function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  // Always present, so a message appearing in it is announced (aria-live) and the field points at it.
  return (
    <p id={field.errorId} className="field-error" aria-live="polite">
      {field.errors?.join('；')}
    </p>
  );
}

function AdminFormField({ field, meta }: { field: AdminField; meta: FieldMetadata<unknown> }) {
  const label = (
    <>
      {field.label}
      {field.required ? <span className="field-required">（必填）</span> : null}
    </>
  );
  const description = field.description ? (
    <p id={meta.descriptionId} className="field-description">
      {field.description}
    </p>
  ) : null;
  if (field.kind === 'multiselect') {
    return (
      <fieldset className="admin-field" aria-describedby={meta.errors ? meta.errorId : undefined}>
        <legend>{label}</legend>
        {description}
        <div className="admin-checks">
          {getCollectionProps(meta, { type: 'checkbox', options: field.options.map((option) => option.value) }).map(
            ({ key, ...props }) => (
              <label key={key} className="admin-check">
                <input {...props} />
                {field.options.find((option) => option.value === props.value)?.label}
              </label>
            ),
          )}
        </div>
        <FieldError field={meta} />
      </fieldset>
    );
  }
  if (field.kind === 'boolean') {
    const { key, ...props } = getInputProps(meta, { type: 'checkbox' });
    return (
      <div className="admin-field">
        <label className="admin-check">
          <input key={key} {...props} />
          {label}
        </label>
        {description}
        <FieldError field={meta} />
      </div>
    );
  }
  let control;
  if (field.kind === 'select') {
    const { key, ...props } = getSelectProps(meta);
    control = (
      <select key={key} {...props}>
        {field.required ? null : <option value="">（未選擇）</option>}
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea' || field.kind === 'json') {
    const { key, ...props } = getTextareaProps(meta);
    control = <textarea key={key} rows={field.kind === 'json' ? 8 : 5} {...props} />;
  } else {
    const { key, ...props } = getInputProps(meta, { type: field.kind === 'number' ? 'number' : 'text' });
    control = <input key={key} {...props} />;
  }
  return (
    <div className="admin-field">
      <label htmlFor={meta.id}>{label}</label>
      {description}
      {control}
      <FieldError field={meta} />
    </div>
  );
}

/**
 * A create or edit form generated from a contract: one control per field by its kind, validated
 * in the browser with the same zod schema the server uses (once a field is left, and on submit),
 * errors beside each field; without JavaScript the server's answer shows the same errors.
 */
export function AdminForm({ schema, lastResult, defaultValue, submitLabel, cancelHref }: AdminFormProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: lastResult ?? null,
    // Conform types default values by the schema's input; a generated form only knows it as a record.
    ...(defaultValue ? { defaultValue: defaultValue as never } : {}),
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const list = adminFields(schema);
  return (
    <Form method="post" className="admin-form" {...getFormProps(form)}>
      {form.errors ? (
        <p id={form.errorId} className="form-error" role="alert">
          {form.errors.join('；')}
        </p>
      ) : null}
      {list.map((field) => (
        <AdminFormField key={field.name} field={field} meta={fields[field.name] as FieldMetadata<unknown>} />
      ))}
      <p className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          {submitLabel}
        </button>
        <Link to={cancelHref} className="button">
          取消
        </Link>
      </p>
    </Form>
  );
}
