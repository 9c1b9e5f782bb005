import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { contactMessages, robotMissingMessage } from '@pest/contracts';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { fetchProductApi } from '../accounts';
import { SentConfirmation } from '../ui/sent-confirmation';
import { useHydrated } from '../ui/script-ready-note';
import { newFormKey, readProblem } from './new-form-key';

/** The spec's English words after the Chinese, marked as English for screen readers. */
export function Bilingual({ chinese, english }: { chinese: string; english: string }) {
  return (
    <>
      {chinese} <span lang="en">{english}</span>
    </>
  );
}

/**
 * A form that, once sent, gives its place to a confirmation with the focus on it and a button to
 * write another, which brings back a fresh form with a new key (decision 0365).
 */
export function OnceSent({
  confirmation,
  again,
  form,
}: {
  confirmation: ReactNode;
  again: string;
  form: (onSent: () => void) => ReactNode;
}) {
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
            {again}
          </button>
        }
      >
        {confirmation}
      </SentConfirmation>
    );
  }
  return <Fragment key={round}>{form(() => setSent(true))}</Fragment>;
}

interface SentFormOptions<Schema extends z.ZodObject> {
  id: string;
  schema: Schema;
  /** The call it is posted to, as JSON with the robot check's token and the form's key. */
  url: string;
  /** The fields whose server-side problems are shown beside them. */
  fieldNames: ReadonlySet<string>;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** More of the body (the page the feedback is about). */
  extra?: Record<string, string>;
  onSent: () => void;
}

/**
 * The state the contact and feedback forms share (decision 0419): Conform with the contract's schema,
 * checked as a field is left and on submit; the robot check, whose error stands beside it; one key
 * made once per form, so a retry after a lost answer sends one message; the server's per-field
 * problems beside their fields and anything else in an alert that takes the focus.
 */
export function useSentForm<Schema extends z.ZodObject>({
  id,
  schema,
  url,
  fieldNames,
  defaultValue,
  extra,
  onSent,
}: SentFormOptions<Schema>) {
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

  const failed = <Bilingual chinese={contactMessages.failed} english={contactMessages.failedEnglish} />;
  const send = async (
    values: z.output<Schema>,
    token: string,
    showFieldErrors: (errors: Record<string, string[]>) => void,
  ) => {
    try {
      const response = await fetchProductApi(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, token, key: key.current, ...extra }),
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
            {failed}
            {problem && response.status < 500 && Object.keys(found).length === 0 ? `（${problem.message}）` : null}
          </>,
        );
    } catch {
      setAlert(failed);
    } finally {
      setBusy(false);
      // A robot-check answer is spent by the request that carried it: the check starts over.
      setAltchaRound((round) => round + 1);
    }
  };

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
  return { form, fields, busy, hydrated, alert, alertRef, robotErrors, altchaRound };
}
