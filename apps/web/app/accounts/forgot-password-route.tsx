import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { accountMessages, forgotPasswordForm } from '@pest/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/forgot-password-route';
import { AltchaField } from '../ui/altcha-field';
import { FormField, FormMessage } from './form-field';
import './accounts.css';

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordForm });
  if (submission.status !== 'success') return { result: submission.reply(), sent: false };
  const { accounts } = context.services;
  if (!(await accounts.spendAltcha(submission.value.altcha))) {
    return { result: submission.reply({ fieldErrors: { altcha: [accountMessages.robotCheckFailed] } }), sent: false };
  }
  await accounts.requestPasswordReset(submission.value.identifier);
  // The same answer whether or not the account exists.
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: '忘記密碼' });

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'forgot',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(forgotPasswordForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordForm }),
  });
  return (
    <div className="container account-page">
      <h1 className="account-page__title">忘記密碼</h1>
      <p role="status" className="account-page__status">
        {actionData?.sent ? accountMessages.resetMailSent : ''}
      </p>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormMessage errors={form.errors} id={form.errorId} />
        <FormField field={fields.identifier} label="帳號或電子郵件" type="text" autoComplete="username" />
        <AltchaField errors={fields.altcha.errors} errorId={fields.altcha.errorId} />
        <button
          type="submit"
          className="button button--primary account-form__submit"
          disabled={navigation.state === 'submitting'}
        >
          寄送重設密碼連結
        </button>
      </Form>
      <p className="account-page__links">
        <Link to="/login">回到登入</Link>
      </p>
    </div>
  );
}
