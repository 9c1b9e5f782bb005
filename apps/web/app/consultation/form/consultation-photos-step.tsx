import {
  consultationFormMessages,
  photoGroupLabels,
  photoGroups,
  photoUploadRules,
  type PhotoGroup,
} from '@pest/contracts';
import { useEffect, useRef } from 'react';
import { PhotoField } from '../../ui/photo-field';
import { SimilarAnswers } from '../advisory/similar-answers';
import { photoKey, type ConsultationFormState } from './use-consultation-form';

interface PhotosStepProps {
  form: ConsultationFormState;
  signedIn: boolean;
}

/** What the status line says while the draft is on its way (announced: role=status). */
function statusText(mode: ConsultationFormState['mode'], percent: number, signedIn: boolean): string {
  if (mode === 'offline') return '已儲存在手機，連線後自動送出';
  if (mode === 'robot-check') return signedIn ? '送出中…' : '正在進行機器人驗證…';
  if (mode === 'sending') return `送出中，已上傳 ${percent}%`;
  return '';
}

/**
 * Step 2 of the consultation form: the three photo groups and, once 完成 is pressed, each photo's
 * progress and the whole case's. The photos are kept on the phone with the draft: going back a
 * step, a reload or a lost signal keeps them, and sending resumes by itself (decision 0397).
 */
export function ConsultationPhotosStep({ form, signedIn }: PhotosStepProps) {
  const { values, files, setFiles, photoStatus, busy, mode, progress, failure, heading, setStep, submitPhotos } = form;
  const percent = Math.round(progress * 100);
  const panel = useRef<HTMLFormElement>(null);
  // A failed send takes the visitor to the first photo that failed, where its error and retry are;
  // otherwise to the failure beside the buttons (decision 0365).
  useEffect(() => {
    if (!failure) return;
    const root = panel.current;
    const target =
      root?.querySelector<HTMLElement>('.consultation-form__photo-status--failed') ??
      root?.querySelector<HTMLElement>('.consultation-form__step-alert');
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  }, [failure]);

  const renderStatus = (group: PhotoGroup) => (file: File) => {
    const state = photoStatus[photoKey(group, file)];
    if (!state || state.state === 'waiting') return null;
    if (state.state === 'failed') {
      return (
        <span className="consultation-form__photo-status consultation-form__photo-status--failed" tabIndex={-1}>
          {state.error ?? '上傳失敗'}
        </span>
      );
    }
    const sent = Math.round(state.progress * 100);
    return (
      <span className="consultation-form__photo-status">
        <progress max={100} value={sent} aria-label={`${file.name} 上傳進度`} />
        {state.state === 'sent' ? '已上傳' : `${sent}%`}
      </span>
    );
  };

  return (
    <form
      ref={panel}
      className="consultation-form__panel"
      noValidate
      onSubmit={submitPhotos}
      aria-labelledby="consultation-step-2"
      aria-busy={busy}
    >
      <h2 id="consultation-step-2" ref={heading} tabIndex={-1}>
        步驟二：上傳照片
      </h2>
      <p className="consultation-form__note">
        每組最多 5 張，至少一張遠照。照片會先在您的手機縮小再傳送，並移除拍攝位置等資料。
      </p>
      <SimilarAnswers crop={values.plant} text={values.desc} />
      {photoGroups.map((group) => (
        <div key={group} className="consultation-form__group">
          <PhotoField
            name={group}
            label={photoGroupLabels[group]}
            rules={photoUploadRules}
            required={group === 'pic1' ? { message: consultationFormMessages.farPhotoRequired } : undefined}
            onFilesChange={(next) => setFiles((previous) => ({ ...previous, [group]: next }))}
            renderStatus={renderStatus(group)}
            disabled={busy}
            initialFiles={files[group]}
          />
        </div>
      ))}
      {signedIn ? null : (
        <p className="consultation-form__note">按「完成」後，網站會自動進行機器人驗證，不需要另外操作。</p>
      )}
      {mode === 'sending' || mode === 'offline' ? (
        <progress className="consultation-form__total" max={100} value={percent} aria-label="整筆諮詢上傳進度" />
      ) : null}
      <p className="consultation-form__status" role="status" data-testid="send-status">
        {statusText(mode, percent, signedIn)}
      </p>
      <div
        className="consultation-form__alert consultation-form__step-alert"
        role="alert"
        tabIndex={-1}
        hidden={!failure}
      >
        {failure}
      </div>
      <div className="consultation-form__actions">
        <button type="button" className="consultation-form__secondary" onClick={() => setStep(1)} disabled={busy}>
          上一步
        </button>
        <button type="submit" className="consultation-form__primary" disabled={busy}>
          {busy ? (mode === 'offline' ? '等待連線…' : '送出中…') : '完成'}
        </button>
      </div>
    </form>
  );
}
