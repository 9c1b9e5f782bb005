import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  memberClassLabels,
  memberClasses,
  memberProfileForm,
  passwordChangeForm,
  roleLabels,
  staffRoles,
} from '@pest/contracts';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { PrivacyNotice } from '../ui/privacy-notice';
import { notify } from '../ui/lazy-toast';
import type { Route } from './+types/member-route';
import { errorReply, serviceErrorMessage } from './account-errors';
import { FormField, FormMessage } from './form-field';
import { MemberDevices } from './member-devices';
import { memberSections } from './member-sections';
import { loginRedirect } from './require-member';
import { SignOutForm } from './sign-out-form';
import './accounts.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw loginRedirect(request, context.config.basePath);
  const member = await context.services.accounts.getMember(viewer.memberId);
  if (!member) throw loginRedirect(request, context.config.basePath);
  const query = new URL(request.url).searchParams;
  const url = new URL(request.url);
  const sections = await Promise.all(memberSections.map((section) => section.load(context, viewer.memberId, url)));
  const devices = await context.services.accounts.listSessions(viewer);
  return {
    member,
    sections,
    devices,
    welcome: query.has('welcome'),
    passwordChanged: query.get('password') === 'changed',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.getViewer();
  if (!viewer) throw loginRedirect(request, context.config.basePath);
  const { accounts } = context.services;
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'profile') {
    const submission = parseWithZod(formData, { schema: memberProfileForm });
    const hidden = ['currentPassword'];
    if (submission.status !== 'success') return { intent, result: submission.reply({ hideFields: hidden }) };
    try {
      // A new e-mail needs the current password and waits for its confirmation (decision 0293).
      const update = await accounts.updateProfile(viewer.memberId, submission.value, { requirePassword: true });
      const done = update.emailChangeRequested
        ? `確認信已寄到 ${update.pendingEmail ?? ''}，請在 30 分鐘內點選信中的連結；確認之前，帳號仍使用原來的電子郵件。`
        : '會員資料已更新';
      return { intent, result: submission.reply({ hideFields: hidden }), done };
    } catch (error) {
      const status = serviceErrorMessage(error)?.status ?? 400;
      return data(
        { intent, result: submission.reply({ ...errorReply(error), hideFields: hidden, resetForm: false }) },
        { status },
      );
    }
  }
  if (intent === 'cancel-email') {
    await accounts.cancelEmailChange(viewer.memberId);
    return { intent, result: null, done: '已取消變更電子郵件，帳號繼續使用原來的電子郵件' };
  }
  if (intent === 'end-session') {
    // Only the member's own sessions are found: the member comes from this session (IDOR).
    const ended = await accounts.endOwnSession(viewer, String(formData.get('session') ?? ''));
    if (ended.current) return redirect('/', { headers: { 'Set-Cookie': accounts.clearedSessionCookie() } });
    if (!ended.ended) return data({ intent, result: null, done: '找不到這個登入，它可能已經結束' }, { status: 404 });
    return { intent, result: null, done: '已登出該裝置' };
  }
  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: passwordChangeForm });
    const hidden = ['currentPassword', 'password', 'passwordConfirm'];
    if (submission.status !== 'success') return { intent, result: submission.reply({ hideFields: hidden }) };
    try {
      const session = await accounts.changePassword(viewer, submission.value);
      return redirect('/member?password=changed', { headers: { 'Set-Cookie': accounts.sessionCookie(session) } });
    } catch (error) {
      return { intent, result: submission.reply({ ...errorReply(error), hideFields: hidden, resetForm: false }) };
    }
  }
  if (intent === 'resend') {
    const sent = await accounts.resendEmailConfirmation(viewer.memberId);
    return { intent, result: null, done: sent ? '確認信已寄出，請在 30 分鐘內點選信中的連結' : '電子郵件已確認' };
  }
  if (intent === 'everywhere') {
    // Every session ends, this one too: the member signs in again on this device.
    await accounts.endMemberSessions(viewer.memberId);
    return redirect('/', { headers: { 'Set-Cookie': accounts.clearedSessionCookie() } });
  }
  return { intent: null, result: null };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: 'MEMBER' });

export default function MemberRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { member } = loaderData;
  const navigation = useNavigation();
  const idle = navigation.state === 'idle';
  const [profile, profileFields] = useForm({
    id: 'profile',
    lastResult: idle && actionData?.intent === 'profile' ? actionData.result : null,
    constraint: getZodConstraint(memberProfileForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { name: member.name, email: member.email, memberClass: member.class },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: memberProfileForm }),
  });
  const [password, passwordFields] = useForm({
    id: 'password',
    lastResult: idle && actionData?.intent === 'password' ? actionData.result : null,
    constraint: getZodConstraint(passwordChangeForm),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeForm }),
  });
  const done = actionData && 'done' in actionData ? actionData.done : null;
  useEffect(() => {
    if (done) notify.success(done);
  }, [done, actionData]);

  return (
    <div className="container account-page account-page--wide">
      <h1 className="account-page__title">
        會員專區 <span lang="en">MEMBER</span>
      </h1>
      <p role="status" className="account-page__status">
        {done ??
          (loaderData.passwordChanged
            ? '密碼已變更，其他裝置上的登入都已結束。'
            : loaderData.welcome
              ? '註冊完成！確認信已寄到您的電子郵件信箱。'
              : '')}
      </p>
      <dl className="account-summary">
        <dt>帳號</dt>
        <dd>{member.account}</dd>
        <dt>身分</dt>
        <dd>
          {member.roles.map((role) => roleLabels[role]).join('、')}
          {member.roles.some((role) => (staffRoles as readonly string[]).includes(role)) ? (
            <>
              {' '}
              <Link to="/admin" className="account-inline-link">
                前往管理後台
              </Link>
            </>
          ) : null}
        </dd>
        <dt>電子郵件</dt>
        <dd>
          {member.email}（{member.email_confirmed ? '已確認' : '尚未確認'}）
          {member.email_confirmed || member.pending_email ? null : (
            <Form method="post" className="account-inline-form">
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="button">
                重寄確認信
              </button>
            </Form>
          )}
        </dd>
        {member.pending_email ? (
          <>
            <dt>等待確認的電子郵件</dt>
            <dd>
              {member.pending_email}（收到確認信並點選連結後才會生效）
              <Form method="post" className="account-inline-form">
                <input type="hidden" name="intent" value="resend" />
                <button type="submit" className="button">
                  重寄確認信
                </button>
              </Form>
              <Form method="post" className="account-inline-form">
                <input type="hidden" name="intent" value="cancel-email" />
                <button type="submit" className="button">
                  取消變更
                </button>
              </Form>
            </dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="profile-heading" className="account-section">
        <h2 id="profile-heading">會員資料</h2>
        <Form method="post" {...getFormProps(profile)} className="account-form">
          <input type="hidden" name="intent" value="profile" />
          <FormMessage errors={profile.errors} id={profile.errorId} />
          <FormField field={profileFields.name} label="姓名" type="text" autoComplete="name" />
          <input type="text" name="username" value={member.account} autoComplete="username" readOnly hidden />
          <FormField
            field={profileFields.email}
            label="電子郵件"
            type="email"
            autoComplete="email"
            hint="新的電子郵件收到確認信並點選連結後才會生效；原來的電子郵件會收到通知。"
          />
          <FormField
            field={profileFields.currentPassword}
            label="目前的密碼"
            type="password"
            autoComplete="current-password"
            hint="變更電子郵件時需要輸入。"
          />
          <fieldset className="account-form__choices">
            <legend className="account-form__label">關注的消息類別</legend>
            {memberClasses.map((value) => (
              <label key={value} className="account-form__choice">
                <input
                  type="radio"
                  name={profileFields.memberClass.name}
                  value={value}
                  defaultChecked={profileFields.memberClass.initialValue === value}
                />
                {memberClassLabels[value]}
              </label>
            ))}
          </fieldset>
          <PrivacyNotice purpose="會員資料只用於會員服務與通知。" />
          <button type="submit" className="button button--primary account-form__submit">
            儲存會員資料
          </button>
        </Form>
      </section>

      <section aria-labelledby="password-heading" className="account-section">
        <h2 id="password-heading">變更密碼</h2>
        <Form method="post" {...getFormProps(password)} className="account-form">
          <input type="hidden" name="intent" value="password" />
          <input type="text" name="username" value={member.account} autoComplete="username" readOnly hidden />
          <FormMessage errors={password.errors} id={password.errorId} />
          <FormField
            field={passwordFields.currentPassword}
            label="目前的密碼"
            type="password"
            autoComplete="current-password"
          />
          <FormField
            field={passwordFields.password}
            label="新密碼"
            type="password"
            autoComplete="new-password"
            hint="至少 8 個字元，請避免常見的密碼。"
          />
          <FormField
            field={passwordFields.passwordConfirm}
            label="再輸入一次新密碼"
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className="button button--primary account-form__submit">
            變更密碼
          </button>
        </Form>
      </section>

      {memberSections.map((section, index) => (
        <div key={section.id}>{section.render(loaderData.sections[index])}</div>
      ))}

      <MemberDevices devices={loaderData.devices} />

      <section aria-labelledby="sessions-heading" className="account-section">
        <h2 id="sessions-heading">登入狀態</h2>
        <p>在公用電腦登入後忘了登出，或懷疑帳號被盜用時，可以結束所有裝置上的登入。</p>
        <div className="account-actions">
          <SignOutForm buttonClassName="button" />
          <Form method="post">
            <input type="hidden" name="intent" value="everywhere" />
            <button type="submit" className="button">
              登出所有裝置
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
