import {
  consultationBasicsSchema,
  consultationFormMessages,
  photoGroups,
  type ConsultationBasics,
  type PhotoGroup,
} from '@pest/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiUrl } from '../../accounts';
import { discardDraft, draftHasContent, loadDraft, saveDraft, type ConsultationDraft } from './draft-store';
import type { RefusedError } from './send-draft';
import { callInfo, shrinkPhoto } from './send-photo';
import { useDraftSending } from './use-draft-sending';

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
}

export const photoKey = (group: PhotoGroup, file: File) => `${group}/${file.name}/${file.size}/${file.lastModified}`;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
      );
}

type Files = Record<PhotoGroup, File[]>;
const noFiles = (): Files => ({ pic1: [], pic2: [], pic3: [] });

/** The photos of a kept draft as files again, for the photo fields' previews. */
function filesOf(draft: ConsultationDraft): { files: Files; keys: Map<string, string> } {
  const files = noFiles();
  const keys = new Map<string, string>();
  for (const photo of draft.photos) {
    const file = new File([photo.blob], photo.name, { type: photo.type, lastModified: photo.lastModified });
    files[photo.group].push(file);
    keys.set(photoKey(photo.group, file), photo.id);
  }
  return { files, keys };
}

/**
 * The consultation form's state (consultation-form-route.tsx): step 1 is checked with the
 * contract's messages; everything typed and every chosen photo (shrunk) is kept on the phone as
 * the farmer goes (draft-store.ts), and a kept draft is offered back. 完成 queues the draft, and
 * use-draft-sending.ts sends it (one case per draft, decisions 0395–0397).
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
  const [files, setFiles] = useState<Files>(noFiles);
  const [draft, setDraft] = useState<ConsultationDraft | null>(null);
  /** A kept draft found on arrival, offered back (keep / discard). */
  const [offer, setOffer] = useState<ConsultationDraft | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [caseId, setCaseId] = useState<number | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const key = useRef('');
  /** Each shown photo's upload id in the draft. */
  const photoIds = useRef(new Map<string, string>());
  const heading = useRef<HTMLHeadingElement>(null);
  /** While sending, the draft is the sender's to write. */
  const busyRef = useRef(false);

  const restore = (kept: ConsultationDraft) => {
    key.current = kept.key;
    setValues({ ...emptyBasics, ...kept.values });
    setPublishConsent(kept.publishConsent);
    const restored = filesOf(kept);
    photoIds.current = restored.keys;
    setFiles(restored.files);
    setDraft(kept);
  };

  const sending = useDraftSending({
    onDraft: (next) => setDraft(next),
    onDone: (id, kept) => {
      if (kept) setValues((previous) => ({ ...previous, email: kept.values.email ?? previous.email }));
      setCaseId(id);
      setFailure(null);
      setStep(3);
      void discardDraft();
    },
    onRefused: (error: RefusedError) => {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of error.issues) {
        const field = serverFields[issue.path];
        if (field) found[field] ??= issue.message;
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStep(1);
      }
      setFailure(
        error.message && error.message !== consultationFormMessages.submitFailed
          ? `${consultationFormMessages.submitFailed}：${error.message}`
          : consultationFormMessages.submitFailed,
      );
    },
  });

  useEffect(() => {
    key.current = newKey();
    setHydrated(true);
    void loadDraft().then((kept) => {
      if (!kept) return;
      if (kept.caseId !== undefined || kept.queued) {
        // Sent meanwhile (by the worker), or waiting to be: resume without asking.
        restore(kept);
        setStep(2);
        void sending.send();
      } else if (draftHasContent(kept)) {
        setOffer(kept);
      } else {
        key.current = kept.key;
      }
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Each step starts at its heading, so a screen reader hears where it is.
  useEffect(() => {
    if (hydrated) heading.current?.focus();
  }, [step, hydrated]);

  // What is typed and chosen goes to the phone as the farmer goes (not while a kept draft is offered).
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const persist = (change: (draft: ConsultationDraft) => ConsultationDraft = (draft) => draft) => {
    const next = saving.current.then(async () => {
      const kept = await loadDraft();
      const same = kept?.key === key.current;
      const photos = [];
      for (const group of photoGroups) {
        for (const file of files[group]) {
          const shown = photoKey(group, file);
          const id = photoIds.current.get(shown);
          const known = id && same ? kept?.photos.find((photo) => photo.id === id) : undefined;
          if (known) {
            photos.push(known);
            continue;
          }
          const photo = {
            id: newKey(),
            group,
            name: file.name,
            type: file.type,
            lastModified: file.lastModified,
            blob: await shrinkPhoto(file),
            sent: 0,
            done: false,
          };
          photoIds.current.set(shown, photo.id);
          photos.push(photo);
        }
      }
      const saved = change({
        key: key.current,
        values,
        publishConsent,
        photos,
        queued: same ? kept.queued : false,
        visitor: !signedIn,
        ...(same && kept.created ? { created: kept.created } : {}),
        savedAt: Date.now(),
      });
      await saveDraft(saved);
      setDraft(saved);
    });
    saving.current = next.catch(() => undefined);
    return next;
  };
  useEffect(() => {
    if (!hydrated || offer || caseId !== null || busyRef.current) return;
    const timer = setTimeout(() => void persist(), 250);
    return () => clearTimeout(timer);
    // persist reads the state these name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, offer, caseId, values, publishConsent, files, signedIn]);

  const keepOffer = () => {
    if (!offer) return;
    restore(offer);
    setOffer(null);
    if (offer.photos.length > 0 && consultationBasicsSchema.safeParse({ ...emptyBasics, ...offer.values }).success) {
      setStep(2);
    }
  };
  const discardOffer = () => {
    setOffer(null);
    void discardDraft();
  };

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

  /** 完成: the draft is queued and sent now, or as soon as there is a network. */
  const submitPhotos = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.mode === 'sending' || sending.mode === 'robot-check') return;
    if (files.pic1.length === 0) {
      setFailure(consultationFormMessages.farPhotoRequired);
      return;
    }
    setFailure(null);
    // Everything on screen now, however fast 完成 came; a refused photo the farmer removed is gone,
    // the others keep what they sent.
    await persist((draft) => ({
      ...draft,
      queued: true,
      photos: draft.photos.map(({ error: _error, ...photo }) => photo),
    }));
    void sending.send();
  };

  const photoStatus: Record<string, PhotoState> = {};
  for (const [shown, id] of photoIds.current) {
    const photo = draft?.photos.find((each) => each.id === id);
    if (!photo || (!draft?.queued && !photo.error && !photo.done)) continue;
    photoStatus[shown] = photo.error
      ? { progress: 0, state: 'failed', error: photo.error }
      : { progress: photo.blob.size ? photo.sent / photo.blob.size : 0, state: photo.done ? 'sent' : 'sending' };
  }
  const total = draft?.photos.reduce((sum, photo) => sum + photo.blob.size, 0) ?? 0;
  const sent = draft?.photos.reduce((sum, photo) => sum + Math.min(photo.sent, photo.blob.size), 0) ?? 0;
  const busy = sending.mode === 'sending' || sending.mode === 'robot-check' || sending.mode === 'offline';
  busyRef.current = busy;

  return {
    step,
    setStep,
    values,
    publishConsent,
    setPublishConsent,
    errors,
    townships,
    files,
    setFiles,
    photoStatus,
    /** The whole case's progress, 0–1. */
    progress: total > 0 ? sent / total : 0,
    mode: sending.mode,
    busy,
    failure,
    caseId,
    offer,
    keepOffer,
    discardOffer,
    hydrated,
    heading,
    set,
    checkField,
    submitBasics,
    submitPhotos,
  };
}

export type ConsultationFormState = ReturnType<typeof useConsultationForm>;
