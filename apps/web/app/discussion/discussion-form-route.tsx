import {
  discussionCropTypes,
  discussionDamageClasses,
  discussionMessages,
  discussionOtherCropType,
  discussionPhotoUploadRules,
  discussionTextMax,
} from '@pest/contracts';
import { useRef, useState, type FormEvent } from 'react';
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

interface Fields {
  dclass: string;
  type: string;
  typeOther: string;
  describe: string;
  note: string;
}

const fileKey = (file: File) => `${file.name}/${file.size}/${file.lastModified}`;

/**
 * The question form: damage class and crop type with the spec's defaults, the
 * "other" text when the crop type is other, describe and note, and at least one photo. Each photo
 * goes through the spec's upload first (HEIC is converted on the server), then the question;
 * what was typed stays when anything fails.
 */
export default function DiscussionFormRoute({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({ dclass: '病害', type: '蔬菜', typeOther: '', describe: '', note: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const [problem, setProblem] = useState<{ message: string; issues: Record<string, string> } | null>(null);
  // Photos already sent keep their names: sending again after a failure uploads only the rest.
  const uploaded = useRef(new Map<string, string>());
  /** The photo whose upload failed, and why: said beside that photo (decision 0365). */
  const [failedPhoto, setFailedPhoto] = useState<{ key: string; message: string } | null>(null);

  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (files.length === 0) {
      setProblem({ message: discussionMessages.photoRequired, issues: { pic: discussionMessages.photoRequired } });
      return;
    }
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
        ...fields,
        pic: names.join(','),
        lineid: session.profile?.userId ?? '',
      });
      notify.success(discussionMessages.added);
      await navigate(`/expert/detail/${id}`);
    } catch (error) {
      const issues =
        error instanceof DiscussionCallError
          ? Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]))
          : {};
      const detail = error instanceof Error ? error.message : '';
      notify.error(discussionMessages.addFailed);
      setProblem({
        message: detail ? `${discussionMessages.addFailed}：${detail}` : discussionMessages.addFailed,
        issues,
      });
    } finally {
      setSending(false);
    }
  };

  const issue = (name: string) =>
    problem?.issues[name] ? (
      <span id={`discussion-${name}-error`} className="discussion-error">
        {problem.issues[name]}
      </span>
    ) : null;

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
          <form className="discussion-form" onSubmit={submit} aria-busy={sending}>
            <fieldset className="discussion-choices">
              <legend>受害類別</legend>
              {discussionDamageClasses.map((value) => (
                <label key={value} className="discussion-choice">
                  <input
                    type="radio"
                    name="dclass"
                    value={value}
                    checked={fields.dclass === value}
                    onChange={set('dclass')}
                  />
                  {value}
                </label>
              ))}
            </fieldset>
            <fieldset className="discussion-choices">
              <legend>作物類型</legend>
              {discussionCropTypes.map((value) => (
                <label key={value} className="discussion-choice">
                  <input
                    type="radio"
                    name="type"
                    value={value}
                    checked={fields.type === value}
                    onChange={set('type')}
                  />
                  {value}
                </label>
              ))}
              {fields.type === discussionOtherCropType ? (
                <span className="discussion-field">
                  <label htmlFor="discussion-type-other">其他作物類型（必填）</label>
                  <input
                    id="discussion-type-other"
                    name="typeOther"
                    value={fields.typeOther}
                    onChange={set('typeOther')}
                    required
                    maxLength={50}
                    aria-invalid={problem?.issues.typeOther ? true : undefined}
                    aria-describedby={problem?.issues.typeOther ? 'discussion-typeOther-error' : undefined}
                  />
                  {issue('typeOther')}
                </span>
              ) : null}
            </fieldset>
            <p className="discussion-field">
              <label htmlFor="discussion-describe">問題描述（必填）</label>
              <textarea
                id="discussion-describe"
                name="describe"
                rows={4}
                value={fields.describe}
                onChange={set('describe')}
                required
                maxLength={discussionTextMax}
                aria-invalid={problem?.issues.describe ? true : undefined}
                aria-describedby={problem?.issues.describe ? 'discussion-describe-error' : undefined}
              />
              {issue('describe')}
            </p>
            <p className="discussion-field">
              <label htmlFor="discussion-note">備註（必填）</label>
              <textarea
                id="discussion-note"
                name="note"
                rows={3}
                value={fields.note}
                onChange={set('note')}
                required
                maxLength={discussionTextMax}
                aria-invalid={problem?.issues.note ? true : undefined}
                aria-describedby={['discussion-note-hint', problem?.issues.note ? 'discussion-note-error' : null]
                  .filter(Boolean)
                  .join(' ')}
              />
              <span id="discussion-note-hint" className="discussion-hint">
                其他能幫助專家判斷的資訊，例如發生的地點、時間、範圍、品種、已用過的藥劑或處理；沒有可填「無」。
              </span>
              {issue('note')}
            </p>
            <PhotoField
              name="file"
              label="照片"
              rules={discussionPhotoUploadRules}
              required={{ message: discussionMessages.photoRequired }}
              serverError={problem?.issues.pic}
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
