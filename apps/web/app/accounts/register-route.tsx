import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { memberClassLabels, memberClasses, registerForm } from '@pest/contracts';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/register-route';
import { AccountAvailability } from './account-check';
import { errorReply } from './account-errors';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { FormField, FormMessage } from './form-field';
import './accounts.css';

export async function loader({ context }: Route.LoaderArgs) {
  if (await context.getViewer()) throw redirect('/member');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerForm });
  if (submission.status !== 'success')
    return { result: submission.reply({ hideFields: ['password', 'passwordConfirm'] }) };
  const { accounts } = context.services;
  if (!(await accounts.spendAltcha(submission.value.altcha))) {
    return {
      result: submission.reply({
        fieldErrors: { altcha: ['機器人驗證失敗，請重新驗證'] },
        hideFields: ['password', 'passwordConfirm'],
      }),
    };
  }
  try {
    const { session } = await accounts.register(
      {
        account: submission.value.account,
        name: submission.value.name,
        email: submission.value.email,
        memberClass: submission.value.memberClass,
        password: submission.value.password,
      },
      { signIn: true, userAgent: request.headers.get('user-agent') },
    );
    throw redirect(
      '/member?welcome=1',
      session ? { headers: { 'Set-Cookie': accounts.sessionCookie(session) } } : undefined,
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    return {
      result: submission.reply({ ...errorReply(error), hideFields: ['password', 'passwordConfirm', 'altcha'] }),
    };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, { title: 'CREATE AN ACCOUNT', path: '/register' });

export default function RegisterRoute({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'register',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(registerForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { memberClass: 'all' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerForm }),
  });
  const account = typeof fields.account.value === 'string' ? fields.account.value.trim() : '';
  return (
    <div className="container account-page">
      <h1 className="account-page__title">
        註冊會員 <span lang="en">CREATE AN ACCOUNT</span>
      </h1>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormMessage errors={form.errors} id={form.errorId} />
        <FormField field={fields.name} label="姓名" type="text" autoComplete="name" />
        <FormField
          field={fields.email}
          label="電子郵件"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="用來確認帳號及重設密碼。"
        />
        <FormField
          field={fields.account}
          label="帳號"
          type="text"
          autoComplete="username"
          hint="3–30 個字元：英文字母、數字及 . _ @ -，不分大小寫。"
        >
          <AccountAvailability account={account} valid={!fields.account.errors?.length && account.length >= 3} />
        </FormField>
        <FormField
          field={fields.password}
          label="密碼"
          type="password"
          autoComplete="new-password"
          hint="至少 8 個字元，請避免常見的密碼。"
        />
        <FormField field={fields.passwordConfirm} label="再輸入一次密碼" type="password" autoComplete="new-password" />
        <fieldset
          className="account-form__choices"
          aria-describedby={fields.memberClass.errors?.length ? fields.memberClass.errorId : undefined}
        >
          <legend className="account-form__label">關注的消息類別</legend>
          <p className="account-form__hint">首頁的最新消息會先顯示這一類。</p>
          {memberClasses.map((value) => (
            <label key={value} className="account-form__choice">
              <input
                type="radio"
                name={fields.memberClass.name}
                value={value}
                defaultChecked={(fields.memberClass.initialValue ?? 'all') === value}
              />
              {memberClassLabels[value]}
            </label>
          ))}
          {fields.memberClass.errors?.length ? (
            <p id={fields.memberClass.errorId} className="account-form__error">
              {fields.memberClass.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <PrivacyNotice purpose="姓名與電子郵件用於會員登入、寄送確認信與通知；未確認也未使用的帳號會在 30 天後刪除。" />
        <AltchaField errors={fields.altcha.errors} errorId={fields.altcha.errorId} />
        <button
          type="submit"
          className="button button--primary account-form__submit"
          disabled={navigation.state === 'submitting'}
        >
          註冊
        </button>
      </Form>
      <p className="account-page__links">
        已經是會員？<Link to="/login">登入</Link>
      </p>
    </div>
  );
}
