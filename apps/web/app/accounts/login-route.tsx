import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { accountMessages, loginForm, safeRedirectPath } from '@pest/contracts';
import { useEffect, useRef } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/login-route';
import { AltchaField } from '../ui/altcha-field';
import { FormField, FormMessage } from './form-field';
import { readLastAccount, storeLastAccount } from './last-account';
import './accounts.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const target = safeRedirectPath(query.get('redirect'));
  if (await context.getViewer()) throw redirect(target);
  return {
    redirect: target,
    needsAltcha: await context.services.accounts.clientNeedsAltcha(context.visitor),
    // After a password reset the account is filled in and the visitor told what happened.
    reset: query.get('reset') === '1',
    account: (query.get('account') ?? '').slice(0, 254),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginForm });
  if (submission.status !== 'success') return { result: submission.reply(), needsAltcha: false };
  const { account, password, remember, altcha } = submission.value;
  const viewer = await context.getViewer();
  const outcome = await context.services.accounts.signIn({
    account,
    password,
    remember,
    altcha,
    ip: context.visitor,
    kind: 'session',
    userAgent: request.headers.get('user-agent'),
    replacing: viewer?.via === 'session' ? viewer.sessionId : undefined,
  });
  if (!outcome.ok) {
    const message =
      outcome.reason === 'locked'
        ? accountMessages.lockedOut
        : outcome.reason === 'wrong'
          ? accountMessages.wrongAccountOrPassword
          : accountMessages.robotCheckRequired;
    // Nothing typed is sent back but the account: the password field starts empty again.
    return {
      result: submission.reply({ formErrors: [message], hideFields: ['password', 'altcha'] }),
      needsAltcha: outcome.altchaRequired,
    };
  }
  throw redirect(safeRedirectPath(submission.value.redirect), {
    headers: { 'Set-Cookie': context.services.accounts.sessionCookie(outcome.session) },
  });
}

// The spec gives the sign-in page no title of its own: the tab shows the website's title.
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, {});

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'login',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(loginForm),
    defaultValue: { account: loaderData.account },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginForm }),
  });
  const accountRef = useRef<HTMLInputElement>(null);
  const rememberRef = useRef<HTMLInputElement>(null);
  const needsAltcha = loaderData.needsAltcha || actionData?.needsAltcha === true;

  // A refused password is not left in the field for the next try.
  useEffect(() => {
    const input = document.getElementById(fields.password.id);
    if (actionData && input instanceof HTMLInputElement) input.value = '';
  }, [actionData, fields.password.id]);

  // The last account, when the visitor asked to be remembered.
  useEffect(() => {
    const last = readLastAccount();
    if (last.remember && accountRef.current && rememberRef.current && accountRef.current.value === '') {
      accountRef.current.value = last.account;
      rememberRef.current.checked = true;
    }
  }, []);

  return (
    <div className="container account-page">
      <h1 className="account-page__title">會員登入</h1>
      <p role="status" className="account-page__status">
        {loaderData.reset ? '密碼已重設，所有裝置上的登入都已結束。請用新密碼登入。' : ''}
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="account-form"
        onSubmit={(event) => {
          form.onSubmit(event);
          storeLastAccount(rememberRef.current?.checked === true, accountRef.current?.value ?? '');
        }}
      >
        <FormMessage errors={form.errors} id={form.errorId} />
        <input type="hidden" name="redirect" value={loaderData.redirect} />
        <div className="account-form__field">
          <label htmlFor={fields.account.id} className="account-form__label">
            帳號<span className="account-form__required">（必填）</span>
          </label>
          <input
            {...getInputProps(fields.account, { type: 'text' })}
            key={fields.account.key}
            ref={accountRef}
            className="account-form__input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
          {fields.account.errors?.length ? (
            <p id={fields.account.errorId} className="account-form__error">
              {fields.account.errors[0]}
            </p>
          ) : null}
        </div>
        <FormField field={fields.password} label="密碼" type="password" autoComplete="current-password" />
        <div className="account-form__check">
          <input
            ref={rememberRef}
            type="checkbox"
            id="login-remember"
            name={fields.remember.name}
            defaultChecked={fields.remember.initialValue === 'on'}
          />
          <label htmlFor="login-remember">記住我（30 天內免再登入，並記得帳號）</label>
        </div>
        {needsAltcha ? <AltchaField errors={fields.altcha.errors} errorId={fields.altcha.errorId} /> : null}
        <button
          type="submit"
          className="button button--primary account-form__submit"
          disabled={navigation.state === 'submitting'}
        >
          登入
        </button>
      </Form>
      <ul className="account-page__links">
        <li>
          <Link to="/forgot-password">忘記密碼？</Link>
        </li>
        <li>
          還不是會員？<Link to="/register">註冊帳號</Link>
        </li>
      </ul>
    </div>
  );
}
