import {
  accountMessages,
  consultationBasicsSchema,
  consultationFormMessages,
  photoGroups,
  type ConsultationBasics,
  type PhotoGroup,
} from '@pest/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiUrl } from '../../accounts';
import { callInfo, SendError, sendPhoto, shrinkPhoto } from './send-photo';

export type Field = keyof ConsultationBasics;
const emptyBasics: Record<Field, string> = { name: '', email: '', tel: '', city: '', area: '', plant: '', desc: '' };
/** /advNew's fields (spec order a1 … a6) and this site's `city`, as the form names them. */
const serverFields: Record<string, Field> = {
  a1: 'area',
  a2: 'plant',
  a3: 'name',
  a4: 'tel',
  a5: 'email',
  a6: 'desc',
  city: 'city',
};
const fieldOrder: Field[] = ['name', 'email', 'tel', 'city', 'area', 'plant', 'desc'];

export interface PhotoState {
  /** 0–1 while sending. */
  progress: number;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  error?: string;
  /** A lost connection or a server error may pass on a second try; a refused photo will not. */
  retryable?: boolean;
}

export const photoKey = (group: PhotoGroup, file: File) => `${group}/${file.name}/${file.size}/${file.lastModified}`;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
      );
}

/**
 * The consultation form's state and its two submissions (consultation-form-route.tsx): step 1 is
 * checked with the contract's messages; step 2 sends /advNew (with an idempotency key made once per
 * form), then each photo (shrunk in the browser, with its progress, retried alone), then the closing
 * call. The case exists for staff only once the closing call saw every photo (decision 0165).
 */
export function useConsultationForm({
  signedIn,
  prefill,
}: {
  signedIn: boolean;
  /** A signed-in member's name and e-mail, filled in for them (decision 0365). */
  prefill: { name: string; email: string } | null;
}) {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [values, setValues] = useState(() => ({ ...emptyBasics, ...prefill }));
  // Not one of the spec's fields: asked beside them, unticked until the asker ticks it.
  const [publishConsent, setPublishConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [townships, setTownships] = useState<string[]>([]);
  const [files, setFiles] = useState<Record<PhotoGroup, File[]>>({ pic1: [], pic2: [], pic3: [] });
  const [photoStatus, setStatus] = useState<Record<string, PhotoState>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [caseId, setCaseId] = useState<number | null>(null);
  const [altchaRound, setAltchaRound] = useState(0);
  /** The robot check's error, shown beside it; each new array moves the focus there. */
  const [robotErrors, setRobotErrors] = useState<string[] | undefined>(undefined);
  const [hydrated, setHydrated] = useState(false);
  const key = useRef('');
  const sentBlobs = useRef(new Map<string, Blob>());
  /** The data the current key's case was created with: changed data after a failure needs a new case. */
  const createdWith = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    key.current = newKey();
    setHydrated(true);
  }, []);

  // Each step starts at its heading, so a screen reader hears where it is.
  useEffect(() => {
    if (hydrated) heading.current?.focus();
  }, [step, hydrated]);

  useEffect(() => {
    if (!values.city) {
      setTownships([]);
      return;
    }
    let current = true;
    callInfo<{ d: Array<{ T_Name: string }> }>(apiUrl('api/info/vill'), { a1: values.city })
      .then((answer) => {
        if (current) setTownships(answer.d.map((township) => township.T_Name));
      })
      .catch(() => {
        if (current) setTownships([]);
      });
    return () => {
      current = false;
    };
  }, [values.city]);

  const set = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, ...(field === 'city' ? { area: '' } : {}), [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const checkField = (field: Field) => {
    const result = consultationBasicsSchema.shape[field].safeParse(values[field]);
    setErrors((previous) => ({ ...previous, [field]: result.success ? undefined : result.error.issues[0]?.message }));
  };

  const submitBasics = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = consultationBasicsSchema.safeParse(values);
    if (!result.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = fieldOrder.find((field) => found[field]);
      if (first) document.getElementById(`consultation-${first}`)?.focus();
      return;
    }
    setErrors({});
    setStep(2);
  };

  const setPhotoState = (id: string, next: PhotoState) => setStatus((previous) => ({ ...previous, [id]: next }));

  const submitPhotos = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let status = photoStatus;
    if (busy) return;
    if (files.pic1.length === 0) {
      setFailure(consultationFormMessages.farPhotoRequired);
      return;
    }
    const altcha = new FormData(event.currentTarget).get('altcha');
    // Before the case exists a visitor's request needs a solved robot check: say so where it is.
    if (!signedIn && createdWith.current === null && (typeof altcha !== 'string' || altcha === '')) {
      setFailure(null);
      setRobotErrors([accountMessages.robotCheckRequired]);
      return;
    }
    setRobotErrors(undefined);
    setBusy(true);
    setFailure(null);
    try {
      const basics = consultationBasicsSchema.parse(values);
      const sent = JSON.stringify({ ...basics, publishConsent });
      if (createdWith.current !== null && createdWith.current !== sent) {
        // The farmer changed step 1 after a failed try: that half case expires, this is a new one.
        key.current = newKey();
        setStatus({});
        status = {};
      }
      const created = await callInfo<{ d: number; token: string }>(apiUrl('api/info/advNew'), {
        a1: basics.area,
        a2: basics.plant,
        a3: basics.name,
        a4: basics.tel,
        a5: basics.email,
        a6: basics.desc,
        city: basics.city,
        key: key.current,
        publishConsent,
        ...(typeof altcha === 'string' && altcha ? { altcha } : {}),
      });
      createdWith.current = sent;
      let total = 0;
      let failed = 0;
      let refused = 0;
      for (const group of photoGroups) {
        for (const file of files[group]) {
          total += 1;
          const id = photoKey(group, file);
          if (status[id]?.state === 'sent') continue;
          setPhotoState(id, { progress: 0, state: 'sending' });
          try {
            // The same bytes on a retry: the server recognises a photo it already has.
            let blob = sentBlobs.current.get(id);
            if (!blob) {
              blob = await shrinkPhoto(file);
              sentBlobs.current.set(id, blob);
            }
            await sendPhoto(
              apiUrl('assets/Huploadify/uploadadvnew.ashx'),
              { id: created.d, cl: group, token: created.token },
              { blob, name: file.name },
              (progress) => setPhotoState(id, { progress, state: 'sending' }),
            );
            setPhotoState(id, { progress: 1, state: 'sent' });
          } catch (error) {
            failed += 1;
            if (error instanceof SendError && error.status >= 400 && error.status < 500 && error.status !== 429) {
              refused += 1;
            }
            setPhotoState(id, {
              progress: 0,
              state: 'failed',
              error: error instanceof SendError ? error.message : '發生錯誤',
              retryable:
                !(error instanceof SendError) || error.status === 0 || error.status >= 500 || error.status === 429,
            });
          }
        }
      }
      if (refused > 0) throw new SendError('請移除標示錯誤的照片後再按「完成」', 0);
      if (failed > 0) throw new SendError('有照片未上傳完成，請按「重試」', 0);
      const done = await callInfo<{ d: { id: number } }>(apiUrl('api/info/advDone'), {
        key: key.current,
        token: created.token,
        photos: total,
      });
      setCaseId(done.d.id);
      setStep(3);
    } catch (error) {
      if (error instanceof SendError && error.message === accountMessages.robotCheckFailed) {
        setRobotErrors([accountMessages.robotCheckFailed]);
        setAltchaRound((round) => round + 1);
        return;
      }
      if (error instanceof SendError && error.issues.length > 0) {
        const found: Partial<Record<Field, string>> = {};
        for (const issue of error.issues) {
          const field = serverFields[issue.path];
          if (field) found[field] ??= issue.message;
        }
        if (Object.keys(found).length > 0) {
          setErrors(found);
          setStep(1);
        }
      }
      const detail =
        error instanceof SendError && error.message !== consultationFormMessages.submitFailed ? error.message : '';
      setFailure(
        detail ? `${consultationFormMessages.submitFailed}：${detail}` : consultationFormMessages.submitFailed,
      );
      // A robot-check solution is spent by the request that carried it; once the case exists a
      // retry needs none, and the widget keeps its state.
      if (createdWith.current === null) setAltchaRound((round) => round + 1);
    } finally {
      setBusy(false);
    }
  };

  return {
    step,
    setStep,
    values,
    publishConsent,
    setPublishConsent,
    errors,
    townships,
    setFiles,
    photoStatus,
    busy,
    failure,
    caseId,
    altchaRound,
    robotErrors,
    hydrated,
    heading,
    set,
    checkField,
    submitBasics,
    submitPhotos,
  };
}

export type ConsultationFormState = ReturnType<typeof useConsultationForm>;
