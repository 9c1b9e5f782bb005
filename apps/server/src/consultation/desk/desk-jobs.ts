import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-queue';
import type { DeskServices } from './desk-services';
import { sendFollowUpJob } from './reply-to-case';

/** The follow-up question eight days after the first reply (queued by replyToCase). */
export function deskJobs(desk: DeskServices) {
  return {
    [sendFollowUpJob]: defineJob({
      label: '寄送諮詢追蹤問題',
      payload: z.object({ caseId: z.number().int().positive() }),
      async handle({ caseId }) {
        await desk.sendFollowUp(caseId);
      },
    }),
  };
}
