import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  discussionCropTypes,
  discussionDamageClasses,
  discussionMessages,
  discussionOtherCropType,
  discussionPhotoUploadRules,
  discussionQuestionFormSchema,
} from '@pest/contracts';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { notify } from '../ui/lazy-toast';
import { ScriptReadyNote, useHydrated } from '../ui/script-ready-note';
import { PhotoField } from '../ui/photo-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import type { Route } from './+types/discussion-form-route';
import { callDiscuss, DiscussionCallError, uploadDiscussionPhoto } from './discussion-api';
import { DemoModeBanner, DiscussionProfileBar, DiscussionSignIn } from './discussion-sign-in';
import './discussion.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await context.services.discussion.pageState(
    request.headers.get('cookie'),
    await context.getViewer(),
  );
  return { session };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '我要發問－專家討論區',
    description: '附上作物照片（可用 iPhone 的 HEIC 照片），描述受害情形，請專家與農友協助判斷。',
    path: '/expert/form',
  });

const fileKey = (file: File) => `${file.name}/${file.size}/${file.lastModified}`;

/**
 * The question form (Conform with the contract's schema, decision 0419): damage class and crop type
 * with the spec's defaults, the "other" text when the crop type is other, describe and note, each
 * checked as it is left and on submit, and at least one photo. Each photo goes through the spec's
 * upload first (HEIC is converted on the server), then the question; what was typed stays when
 * anything fails.
 */
export default function DiscussionFormRoute({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  /** What the page says under the form after a failed send, and the photos' own problem. */
  const [problem, setProblem] = useState<{ message: string; pic?: string } | null>(null);
  // Photos already sent keep their names: sending again after a failure uploads only the rest.
  const uploaded = useRef(new Map<string, string>());
  /** The photo whose upload failed, and why: said beside that photo (decision 0365). */
  const [failedPhoto, setFailedPhoto] = useState<{ key: string; message: string } | null>(null);

  const send = async (
    values: z.output<typeof discussionQuestionFormSchema>,
    showFieldErrors: (errors: Record<string, string[]>) => void,
  ) => {
    setSending(true);
    setProblem(null);
    setFailedPhoto(null);
    try {
      const names: string[] = [];
      for (const file of files) {
        const known = uploaded.current.get(fileKey(file));
        let name = known;
        try {
          name ??= await uploadDiscussionPhoto(file, session.profile?.userId ?? '');
        } catch (error) {
          setFailedPhoto({ key: fileKey(file), message: error instanceof Error ? error.message : '上傳失敗' });
          throw error;
        }
        uploaded.current.set(fileKey(file), name);
        names.push(name);
      }
      const { id } = await callDiscuss<{ id: number }>('discussmain_new', {
        ...values,
        pic: names.join(','),
        lineid: session.profile?.userId ?? '',
      });
      notify.success(discussionMessages.added);
      await navigate(`/expert/detail/${id}`);
    } catch (error) {
      const issues = error instanceof DiscussionCallError ? error.issues : [];
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of issues) if (issue.path !== 'pic') fieldErrors[issue.path] ??= [issue.message];
      if (Object.keys(fieldErrors).length > 0) showFieldErrors(fieldErrors);
      const detail = error instanceof Error ? error.message : '';
      notify.error(discussionMessages.addFailed);
      setProblem({
        message: detail ? `${discussionMessages.addFailed}：${detail}` : discussionMessages.addFailed,
        pic: issues.find((issue) => issue.path === 'pic')?.message,
      });
    } finally {
      setSending(false);
    }
  };

  const [form, fields] = useForm<
    z.input<typeof discussionQuestionFormSchema>,
    z.output<typeof discussionQuestionFormSchema>
  >({
    id: 'discussion-question',
    lastResult,
    constraint: getZodConstraint(discussionQuestionFormSchema),
    defaultValue: { dclass: '病害', type: '蔬菜' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: discussionQuestionFormSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (sending || submission?.status !== 'success') return;
      if (files.length === 0) {
        setProblem({ message: discussionMessages.photoRequired, pic: discussionMessages.photoRequired });
        return;
      }
      void send(submission.value, (fieldErrors) => setLastResult(submission.reply({ fieldErrors })));
    },
  });

  const issue = (field: { errorId: string; errors?: string[] }) =>
    field.errors?.length ? (
      <span id={field.errorId} className="discussion-error">
        {field.errors[0]}
      </span>
    ) : null;
  const typeOther = getInputProps(fields.typeOther, { type: 'text' });
  const describe = getTextareaProps(fields.describe);
  const note = getTextareaProps(fields.note, { ariaDescribedBy: 'discussion-note-hint' });

  return (
    <div className="container discussion">
      <h1 className="page-title">專家討論區－我要發問</h1>
      <DemoModeBanner session={session} />
      <p>
        <Link to="/expert">回討論列表</Link>
      </p>
      {!session.profile ? (
        <DiscussionSignIn session={session} />
      ) : (
        <>
          <DiscussionProfileBar session={session} />
          <form {...getFormProps(form)} className="discussion-form" aria-busy={sending}>
            <fieldset className="discussion-choices">
              <legend>受害類別</legend>
              {getCollectionProps(fields.dclass, { type: 'radio', options: [...discussionDamageClasses] }).map(
                ({ key, ...props }) => (
                  <label key={key} className="discussion-choice">
                    <input {...props} />
                    {props.value}
                  </label>
                ),
              )}
            </fieldset>
            <fieldset className="discussion-choices">
              <legend>作物類型</legend>
              {getCollectionProps(fields.type, { type: 'radio', options: [...discussionCropTypes] }).map(
                ({ key, ...props }) => (
                  <label key={key} className="discussion-choice">
                    <input {...props} />
                    {props.value}
                  </label>
                ),
              )}
              {fields.type.value === discussionOtherCropType ? (
                <span className="discussion-field">
                  <label htmlFor={fields.typeOther.id}>其他作物類型（必填）</label>
                  <input {...typeOther} key={typeOther.key} required />
                  {issue(fields.typeOther)}
                </span>
              ) : null}
            </fieldset>
            <p className="discussion-field">
              <label htmlFor={fields.describe.id}>問題描述（必填）</label>
              <textarea {...describe} key={describe.key} rows={4} />
              {issue(fields.describe)}
            </p>
            <p className="discussion-field">
              <label htmlFor={fields.note.id}>備註（必填）</label>
              <textarea {...note} key={note.key} rows={3} />
              <span id="discussion-note-hint" className="discussion-hint">
                其他能幫助專家判斷的資訊，例如發生的地點、時間、範圍、品種、已用過的藥劑或處理；沒有可填「無」。
              </span>
              {issue(fields.note)}
            </p>
            <PhotoField
              name="file"
              label="照片"
              rules={discussionPhotoUploadRules}
              required={{ message: discussionMessages.photoRequired }}
              serverError={problem?.pic}
              onFilesChange={setFiles}
              renderStatus={(file) =>
                failedPhoto?.key === fileKey(file) ? (
                  <span className="photo-field__file-error" role="alert">
                    上傳失敗：{failedPhoto.message}
                  </span>
                ) : uploaded.current.has(fileKey(file)) ? (
                  <span className="photo-field__file-done">已上傳</span>
                ) : null
              }
              disabled={sending}
            />
            <PrivacyNotice purpose="提問與照片會公開在討論區；照片會移除拍攝位置等資料，LINE 身分只有管理員看得到。" />
            <p className="discussion-form__actions">
              <button type="submit" className="button button--primary" disabled={sending || !hydrated}>
                {sending ? '送出中…' : '送出問題'}
              </button>
              <ScriptReadyNote ready={hydrated} needs="照片由頁面程式逐張上傳" />
            </p>
            <p role="status" aria-live="polite" className={problem ? 'discussion-error' : 'visually-hidden'}>
              {problem?.message ?? (sending ? '送出中' : '')}
            </p>
          </form>
        </>
      )}
    </div>
  );
}
