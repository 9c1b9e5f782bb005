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
import { acceptAttribute, adminFields, uploadProblem, type AdminField, type UploadRules } from '@pest/contracts';
import { useMemo } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { adminFileUrl } from './admin-value';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyObject = z.ZodObject<any>;

interface AdminFormProps {
  schema: AnyObject;
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, unknown>;
  /** An edit form's current files, by field (a stored file id): shown beside the file inputs. */
  currentFiles?: Record<string, string | null | undefined>;
  submitLabel: string;
  cancelHref: string;
  /** Fields the form sends unchanged (a create form's key), by name. */
  hiddenFields?: Record<string, string>;
}

const storedFileId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A file field in the browser: a chosen file of the rules' types and size, or the id of a file
 * received with an earlier try. One check with one message, so the field says what is wrong (a
 * union would only say "Invalid input").
 */
function browserFileSchema(rules: UploadRules, required: boolean) {
  return z.unknown().check((context) => {
    const { value } = context;
    const problem = (message: string) => context.issues.push({ code: 'custom', message, input: value });
    // A file input left empty is sent as a nameless empty file: nothing chosen, as on the server.
    const nothingChosen =
      value === undefined ||
      value === '' ||
      (typeof File !== 'undefined' && value instanceof File && value.name === '' && value.size === 0);
    if (nothingChosen) {
      if (required) problem('請選擇檔案');
    } else if (typeof value === 'string') {
      if (!storedFileId.test(value)) problem('請選擇檔案');
    } else if (typeof File !== 'undefined' && value instanceof File) {
      const refusal = uploadProblem(value, rules);
      if (refusal) problem(refusal);
    } else {
      problem('請選擇檔案');
    }
  });
}

/**
 * The schema the browser checks a form with: a file field is a chosen file there (type and size
 * checked before sending), where the server's action sees the stored file's id — or the id of a
 * file received with an earlier try of the same form, carried in a hidden field.
 */
export function browserFormSchema(schema: AnyObject): AnyObject {
  const files = adminFields(schema).filter((field) => field.kind === 'file' && field.upload);
  if (files.length === 0) return schema;
  return schema.extend(
    Object.fromEntries(files.map((field) => [field.name, browserFileSchema(field.upload!.rules, field.required)])),
  );
}

function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  // Always present, so a message appearing in it is announced (aria-live) and the field points at it.
  return (
    <p id={field.errorId} className="field-error" aria-live="polite">
      {field.errors?.join('；')}
    </p>
  );
}

function AdminFileControl({
  field,
  meta,
  current,
}: {
  field: AdminField;
  meta: FieldMetadata<unknown>;
  current: string | null | undefined;
}) {
  const received =
    typeof meta.initialValue === 'string' && storedFileId.test(meta.initialValue) ? meta.initialValue : null;
  const describedBy = [field.description ? meta.descriptionId : null, meta.errors ? meta.errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {received ? (
        <p className="admin-file-current">
          <input type="hidden" name={meta.name} value={received} />
          已收到檔案（
          <a href={adminFileUrl(received)} target="_blank" rel="noopener">
            檢視
          </a>
          ）；要換一個檔案請再選擇。
        </p>
      ) : current ? (
        <p className="admin-file-current">
          目前的檔案：
          <a href={adminFileUrl(current)} target="_blank" rel="noopener">
            檢視
          </a>
          ；不選擇新檔案則保留目前的檔案。
        </p>
      ) : null}
      <input
        id={meta.id}
        type="file"
        name={meta.name}
        accept={field.upload ? acceptAttribute(field.upload.rules) : undefined}
        required={field.required && !received}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
    </>
  );
}

function AdminFormField({
  field,
  meta,
  current,
}: {
  field: AdminField;
  meta: FieldMetadata<unknown>;
  current?: string | null | undefined;
}) {
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
  if (field.kind === 'file') {
    control = <AdminFileControl field={field} meta={meta} current={current} />;
  } else if (field.kind === 'select') {
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
export function AdminForm({
  schema,
  lastResult,
  defaultValue,
  currentFiles,
  submitLabel,
  cancelHref,
  hiddenFields,
}: AdminFormProps) {
  const navigation = useNavigation();
  const browserSchema = useMemo(() => browserFormSchema(schema), [schema]);
  const list = adminFields(schema);
  const hasFiles = list.some((field) => field.kind === 'file');
  const [form, fields] = useForm({
    lastResult: lastResult ?? null,
    // Conform types default values by the schema's input; a generated form only knows it as a record.
    ...(defaultValue ? { defaultValue: defaultValue as never } : {}),
    constraint: getZodConstraint(browserSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: browserSchema }),
  });
  return (
    <Form
      method="post"
      className="admin-form"
      {...(hasFiles ? { encType: 'multipart/form-data' as const } : {})}
      {...getFormProps(form)}
    >
      {form.errors ? (
        <p id={form.errorId} className="form-error" role="alert">
          {form.errors.join('；')}
        </p>
      ) : null}
      {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {list.map((field) => (
        <AdminFormField
          key={field.name}
          field={field}
          meta={fields[field.name] as FieldMetadata<unknown>}
          current={currentFiles?.[field.name]}
        />
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
