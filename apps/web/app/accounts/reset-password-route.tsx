import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { resetPasswordForm } from '@pest/contracts';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/reset-password-route';
import { errorReply } from './account-errors';
import { FormField, FormMessage } from './form-field';
import './accounts.css';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordForm });
  const hidden = ['password', 'passwordConfirm'];
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: hidden }) };
  try {
    const { account } = await context.services.accounts.resetPassword(
      submission.value.token,
      submission.value.password,
    );
    return redirect(`/login?reset=1&account=${encodeURIComponent(account)}`, {
      headers: { 'Set-Cookie': context.services.accounts.clearedSessionCookie() },
    });
  } catch (error) {
    return { result: submission.reply({ ...errorReply(error), hideFields: hidden }) };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: '重設密碼' });

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'reset',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(resetPasswordForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordForm }),
  });
  return (
    <div className="container account-page">
      <h1 className="account-page__title">重設密碼</h1>
      {loaderData.token === '' ? (
        <p>
          這個連結缺少驗證碼。請<Link to="/forgot-password">重新申請重設密碼</Link>。
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="account-form">
          <FormMessage errors={form.errors} id={form.errorId} />
          <input type="hidden" name="token" value={loaderData.token} />
          <FormField
            field={fields.password}
            label="新密碼"
            type="password"
            autoComplete="new-password"
            hint="至少 8 個字元，請避免常見的密碼。設定後，所有裝置上的登入都會結束。"
          />
          <FormField
            field={fields.passwordConfirm}
            label="再輸入一次新密碼"
            type="password"
            autoComplete="new-password"
          />
          <button
            type="submit"
            className="button button--primary account-form__submit"
            disabled={navigation.state === 'submitting'}
          >
            設定新密碼
          </button>
        </Form>
      )}
      {form.errors?.length ? (
        <p className="account-page__links">
          <Link to="/forgot-password">重新申請重設密碼</Link>
        </p>
      ) : null}
    </div>
  );
}
