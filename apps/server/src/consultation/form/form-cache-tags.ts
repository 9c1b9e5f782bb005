import { advisoryCaseTag } from '../advisory/advisory-cache-tags';

/**
 * What a finished consultation changes: the staff queue (and counts) of new cases. Receiving
 * cases change nothing anyone sees, so only the closing call publishes.
 */
export const consultationCaseTags = {
  queue: 'consultation:queue',
  case: advisoryCaseTag,
} as const;
