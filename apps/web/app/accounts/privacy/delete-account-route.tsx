import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { deleteAccountForm, personalDataMessages } from '@pest/contracts';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { pageMeta } from '../../kernel/page-meta';
import { serviceErrorMessage } from '../account-errors';
import { FormField, FormMessage } from '../form-field';
import { loginRedirect } from '../require-member';
import type { Route } from './+types/delete-account-route';
import '../accounts.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get('done') === '1';
  const viewer = await context.getViewer();
  if (done && !viewer) return { done: true, account: '' };
  if (!viewer) throw loginRedirect(request, context.config.basePath);
  return { done: false, account: viewer.account };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw loginRedirect(request, context.config.basePath);
  const submission = parseWithZod(await request.formData(), { schema: deleteAccountForm });
  const hidden = ['password'];
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: hidden }) };
  const { accounts } = context.services;
  try {
    await accounts.privacy.deleteAccount(viewer.memberId, submission.value.password);
  } catch (error) {
    const known = serviceErrorMessage(error);
    if (!known) throw error;
    const onPassword = known.message === personalDataMessages.wrongPassword;
    return {
      result: submission.reply({
        ...(onPassword ? { fieldErrors: { password: [known.message] } } : { formErrors: [known.message] }),
        hideFields: hidden,
        resetForm: false,
      }),
    };
  }
  return redirect('/member/delete?done=1', { headers: { 'Set-Cookie': accounts.clearedSessionCookie() } });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: '刪除帳號' });

/**
 * /member/delete (decision 0309): the confirmation step of deleting the account — what goes and what
 * stays, the password and a checkbox; a plain form, so it works without JavaScript.
 */
export default function DeleteAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'delete-account',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(deleteAccountForm),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountForm }),
  });
  if (loaderData.done) {
    return (
      <div className="container account-page">
        <h1 className="account-page__title">刪除帳號</h1>
        <p role="status" className="account-page__status">
          {personalDataMessages.deleted}
        </p>
        <p>
          <Link to="/" className="account-inline-link">
            回首頁
          </Link>
        </p>
      </div>
    );
  }
  const confirm = getInputProps(fields.confirm, { type: 'checkbox', value: 'yes' });
  return (
    <div className="container account-page">
      <h1 className="account-page__title">刪除帳號</h1>
      <p>刪除後無法復原。若想保留一份資料，請先到「下載我的資料」申請副本。</p>
      <h2>會刪除的資料</h2>
      <ul>
        <li>會員資料（帳號、姓名、電子郵件）、所有裝置上的登入與一次性連結</li>
        <li>購物車、尚未公開的諮詢案件與照片、專家討論區中連結的 LINE 身分與其發文、照片</li>
        <li>聯絡我們的留言，以及寄給您的郵件副本</li>
      </ul>
      <h2>會保留的資料</h2>
      <ul>
        <li>已公開的諮詢案例：只保留公開頁面上的去識別內容（姓名只留第一個字），不再與您有關聯</li>
        <li>
          詢價單：保留單號、品項、數量、狀態、公司名稱與匯款末五碼供會計使用，您的姓名、電子郵件、電話、地址與留言會清除
        </li>
      </ul>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormMessage errors={form.errors} id={form.errorId} />
        <input type="text" name="username" value={loaderData.account} autoComplete="username" readOnly hidden />
        <FormField field={fields.password} label="密碼" type="password" autoComplete="current-password" />
        <div className="account-form__field">
          <label className="account-form__choice">
            <input {...confirm} key={confirm.key} />
            我了解刪除後無法復原，確定要刪除帳號
          </label>
          {fields.confirm.errors?.length ? (
            <p id={fields.confirm.errorId} className="account-form__error">
              {fields.confirm.errors[0]}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary account-form__submit">
          刪除我的帳號
        </button>
      </Form>
      <p>
        <Link to="/member" className="account-inline-link">
          取消，回會員專區
        </Link>
      </p>
    </div>
  );
}
