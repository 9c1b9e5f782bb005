import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { defineJob } from '../../platform/jobs/job-queue';
import { z } from 'zod';
import { addCasePhoto } from './add-case-photo';
import { checkCaseExists } from './check-case-exists';
import { createConsultationCase } from './create-consultation-case';
import { eraseExpiredCases } from './erase-expired-cases';
import { expireReceivingCases } from './expire-receiving-cases';
import { findFollowedCase, findFollowedPhoto } from './find-followed-case';
import { submitConsultationCase } from './submit-consultation-case';
import { requireReceivingCase } from './require-receiving-case';
import { keepCaseReceiving } from './keep-case-receiving';
import { listCounties, listTownships } from './taiwan-townships';
import { withdrawConsultationCase } from './withdraw-consultation-case';

/** The consultation form's services, bound once (`services.consultation.form.*`). */
export function formServices(context: FeatureContext) {
  const { db, mail, invalidation } = context;
  return {
    listCounties,
    listTownships,
    caseExists: (key: string) => checkCaseExists(db, key),
    createCase: (input: Parameters<typeof createConsultationCase>[1], asker: { memberId: number | null }) =>
      createConsultationCase(db, input, asker),
    /** Refuses an upload for an unknown case, a wrong token or a closed case (before the photo is read). */
    checkPhotoUpload: (input: { caseId: number; token: string }) => requireReceivingCase(db, input),
    /** The same check for a resumable chunk, noting the progress so the case does not expire meanwhile. */
    keepCaseReceiving: (input: { caseId: number; token: string }) => keepCaseReceiving(db, input),
    addPhoto: (input: Parameters<typeof addCasePhoto>[1]) => addCasePhoto(db, input),
    submitCase: (input: Parameters<typeof submitConsultationCase>[1]) =>
      submitConsultationCase({ db, mail, invalidation }, input),
    findFollowedCase: (token: string) => findFollowedCase(db, token),
    findFollowedPhoto: (token: string, photoId: number) => findFollowedPhoto(db, token, photoId),
    expireReceivingCases: (now?: Date) => expireReceivingCases(db, now),
    withdrawCase: (input: unknown) => withdrawConsultationCase(context, input),
    /** Months a case never published keeps its personal data (CONSULTATION_RETENTION_MONTHS). */
    retentionMonths: () => context.env.CONSULTATION_RETENTION_MONTHS,
    eraseExpiredCases: (now?: Date) => eraseExpiredCases(context, context.env.CONSULTATION_RETENTION_MONTHS, now),
  };
}
export type FormServices = ReturnType<typeof formServices>;

/** The job that removes unfinished cases, hourly. */
export const expireReceivingJob = 'consultation.expire-receiving';
/** The daily job that erases cases never published after the retention time (decision 0306). */
export const eraseExpiredJob = 'consultation.erase-expired';

export function formJobs(services: FormServices) {
  return {
    [expireReceivingJob]: defineJob({
      label: '清除未完成的諮詢',
      payload: z.object({}),
      schedule: '41 * * * *',
      handle: async () => {
        await services.expireReceivingCases();
      },
    }),
    [eraseExpiredJob]: defineJob({
      label: '刪除保存期滿的諮詢個人資料',
      payload: z.object({}),
      // 19:50 UTC: 03:50 in Taiwan, a quiet hour.
      schedule: '50 19 * * *',
      handle: async () => {
        await services.eraseExpiredCases();
      },
    }),
  };
}
