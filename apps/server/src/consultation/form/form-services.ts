import type { FeatureContext } from '../../platform/feature/feature-manifest';
import { defineJob } from '../../platform/jobs/job-queue';
import { z } from 'zod';
import { addCasePhoto } from './add-case-photo';
import { checkCaseExists } from './check-case-exists';
import { createConsultationCase } from './create-consultation-case';
import { expireReceivingCases } from './expire-receiving-cases';
import { findFollowedCase, findFollowedPhoto } from './find-followed-case';
import { submitConsultationCase } from './submit-consultation-case';
import { requireReceivingCase } from './require-receiving-case';
import { listCounties, listTownships } from './taiwan-townships';

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
    addPhoto: (input: Parameters<typeof addCasePhoto>[1]) => addCasePhoto(db, input),
    submitCase: (input: Parameters<typeof submitConsultationCase>[1]) =>
      submitConsultationCase({ db, mail, invalidation }, input),
    findFollowedCase: (token: string) => findFollowedCase(db, token),
    findFollowedPhoto: (token: string, photoId: number) => findFollowedPhoto(db, token, photoId),
    expireReceivingCases: (now?: Date) => expireReceivingCases(db, now),
  };
}
export type FormServices = ReturnType<typeof formServices>;

/** The job that removes unfinished cases, hourly. */
export const expireReceivingJob = 'consultation.expire-receiving';

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
  };
}
