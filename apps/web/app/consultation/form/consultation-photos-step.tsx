import {
  consultationFormMessages,
  photoGroupLabels,
  photoGroups,
  photoUploadRules,
  type PhotoGroup,
} from '@pest/contracts';
import { useEffect, useRef } from 'react';
import { AltchaField } from '../../ui/altcha-field';
import { PhotoField } from '../../ui/photo-field';
import { SimilarAnswers } from '../advisory/similar-answers';
import { photoKey, type ConsultationFormState } from './use-consultation-form';

interface PhotosStepProps {
  form: ConsultationFormState;
  signedIn: boolean;
}

/** Step 2 of the consultation form: the three photo groups, each photo's progress, the robot check. */
export function ConsultationPhotosStep({ form, signedIn }: PhotosStepProps) {
  const { values, setFiles, photoStatus, busy, altchaRound, robotErrors, failure, heading, setStep, submitPhotos } =
    form;
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
          {state.retryable ? (
            // Sends the form again: photos already stored are skipped, this one goes again.
            <button
              type="submit"
              className="consultation-form__retry"
              disabled={busy}
              aria-label={`重試上傳 ${file.name}`}
            >
              重試
            </button>
          ) : null}
        </span>
      );
    }
    const percent = Math.round(state.progress * 100);
    return (
      <span className="consultation-form__photo-status">
        <progress max={100} value={percent} aria-label={`${file.name} 上傳進度`} />
        {state.state === 'sent' ? '已上傳' : `${percent}%`}
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
          />
        </div>
      ))}
      {signedIn ? null : <AltchaField key={altchaRound} errors={robotErrors} errorId="consultation-altcha-error" />}
      <p className="consultation-form__status" role="status">
        {busy ? '送出中，請勿關閉頁面…' : ''}
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
          {busy ? '送出中…' : '完成'}
        </button>
      </div>
    </form>
  );
}
