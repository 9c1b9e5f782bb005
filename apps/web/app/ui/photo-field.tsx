import { acceptAttribute, uploadMessages, uploadProblem, type UploadRules } from '@pest/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import './photo-field.css';

export interface PhotoFieldProps {
  /** The form field's name (pic1, pic2 …): the files go with the form, as a plain file input's would. */
  name: string;
  /** The visible label. */
  label: string;
  /** Types, size and count, the same rules the server applies (contracts). */
  rules: UploadRules;
  /** At least one photo; the message when there is none (spec: '請至少上傳一張遠照'). */
  required?: { message: string };
  /** An error the server answered with, shown until the visitor changes the photos. */
  serverError?: string | undefined;
  /** Told the accepted photos after every change, for a form that sends them itself (one request per photo). */
  onFilesChange?: (files: File[]) => void;
  /** What to show under a photo while the form sends it (progress, an error and a retry button). */
  renderStatus?: (file: File) => ReactNode;
  /** While the form sends: the photos cannot be changed. */
  disabled?: boolean;
  /** Photos chosen before (a kept draft, a step gone back to): shown again as chosen. */
  initialFiles?: File[];
}

interface Chosen {
  file: File;
  /** An object URL for the preview, when the browser can show the type. */
  preview: string | null;
}

const previewable = new Set(['image/jpeg', 'image/png', 'image/bmp', 'image/gif', 'image/webp']);

/**
 * A photo input for any form (React Router `<Form encType="multipart/form-data">`). Without
 * JavaScript it is a plain file input with the accept list and `required`. With it, each chosen
 * file is checked at once with the spec's rules and messages (type, 10 MB, count); accepted photos
 * are previewed with a remove button each, and the input holds exactly them. The error shows once
 * the field was touched and on submit, is tied to the input (aria-describedby, aria-invalid) and is
 * announced (aria-live). The server checks everything again.
 */
export function PhotoField({
  name,
  label,
  rules,
  required,
  serverError,
  onFilesChange,
  renderStatus,
  disabled,
  initialFiles,
}: PhotoFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen[]>(() =>
    (initialFiles ?? []).map((file) => ({
      file,
      preview:
        previewable.has(file.type) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
    })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [fromServer, setFromServer] = useState(serverError);
  useEffect(() => setFromServer(serverError), [serverError]);

  const missing = required && chosen.length === 0 ? required.message : null;
  const error = fromServer ?? (touched || submitted ? (problem ?? missing) : null);

  // The input holds exactly the accepted photos, so the form sends them and nothing else.
  const syncInput = (next: Chosen[]) => {
    const element = input.current;
    if (!element) return;
    if (typeof DataTransfer !== 'undefined') {
      const transfer = new DataTransfer();
      for (const { file } of next) transfer.items.add(file);
      element.value = '';
      element.files = transfer.files;
    }
  };

  // Photos chosen before are in the input too, so a plain form post would send them.
  useEffect(() => {
    if (initialFiles?.length) syncInput(chosenRef.current);
    // Once, when the field appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A browser that cannot set the input's files keeps a refused file there: block the submit instead.
  useEffect(() => {
    input.current?.setCustomValidity(problem && typeof DataTransfer === 'undefined' ? problem : '');
  }, [problem]);

  // Previews are released when the field goes away.
  const chosenRef = useRef(chosen);
  useEffect(() => {
    chosenRef.current = chosen;
  }, [chosen]);
  useEffect(
    () => () => {
      for (const { preview } of chosenRef.current) if (preview) URL.revokeObjectURL(preview);
    },
    [],
  );

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.currentTarget.files ?? []);
    // The input now lists only the new pick; the photos chosen before stay.
    const next = [...chosen];
    let found: string | null = null;
    for (const file of picked) {
      const refused = uploadProblem(file, rules);
      if (refused) {
        found ??= refused;
        continue;
      }
      if (next.some((c) => c.file.name === file.name && c.file.size === file.size)) continue;
      if (next.length >= rules.maxFiles) {
        found ??= uploadMessages.tooManyFiles(rules.maxFiles);
        continue;
      }
      next.push({ file, preview: previewable.has(file.type) ? URL.createObjectURL(file) : null });
    }
    setChosen(next);
    onFilesChange?.(next.map((c) => c.file));
    setProblem(found);
    setTouched(true);
    setFromServer(undefined);
    syncInput(next);
  };

  const remove = (index: number) => {
    const removed = chosen[index];
    if (removed?.preview) URL.revokeObjectURL(removed.preview);
    const next = chosen.filter((_, i) => i !== index);
    setChosen(next);
    onFilesChange?.(next.map((c) => c.file));
    setProblem(null);
    setTouched(true);
    setFromServer(undefined);
    syncInput(next);
    // Focus stays in the field: on the next photo's remove button, or the input when none is left.
    requestAnimationFrame(() => {
      const buttons = input.current
        ?.closest('.photo-field')
        ?.querySelectorAll<HTMLButtonElement>('.photo-field__remove');
      const target = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)] ?? input.current;
      target?.focus();
    });
  };

  const extensions = rules.extensions.join('、');
  return (
    <div className="photo-field">
      <label className="photo-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="photo-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <p className="photo-field__hint" id={hintId}>
        可上傳 {extensions}，每張小於 {rules.maxFileMb}MB，最多 {rules.maxFiles} 張
      </p>
      <input
        ref={input}
        className="photo-field__input"
        id={id}
        type="file"
        name={name}
        multiple={rules.maxFiles > 1}
        accept={acceptAttribute(rules)}
        required={required !== undefined && chosen.length === 0}
        aria-describedby={`${hintId} ${errorId}`}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        onChange={onChange}
        onBlur={() => setTouched(true)}
        onInvalid={(event) => {
          // Our message instead of the browser's bubble, in the field, announced.
          event.preventDefault();
          setSubmitted(true);
        }}
      />
      {chosen.length > 0 ? (
        <ul className="photo-field__previews" aria-label={`已選擇的照片（${chosen.length} 張）`}>
          {chosen.map(({ file, preview }, index) => (
            <li className="photo-field__preview" key={`${file.name}-${file.size}-${file.lastModified}`}>
              {preview ? (
                <img src={preview} alt="" width={96} height={96} />
              ) : (
                <span className="photo-field__placeholder" aria-hidden="true">
                  {file.name.split('.').pop()?.toUpperCase()}
                </span>
              )}
              <span className="photo-field__name">{file.name}</span>
              {renderStatus?.(file)}
              <button
                type="button"
                disabled={disabled}
                className="photo-field__remove"
                aria-label={`移除 ${file.name}`}
                onClick={() => remove(index)}
              >
                移除
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Under the photos, where the visitor's eyes are after a pick, not above a long list. */}
      <p className="photo-field__error" id={errorId} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
