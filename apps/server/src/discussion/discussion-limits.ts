import { discussionPhotoUploadRules } from '@pest/contracts';
import { definePhotoPolicy } from '../platform/uploads/upload-policy';

export const discussionPhotoPurpose = 'discussion-photo';

/**
 * One photo per request (the spec's upload answers one file name), HEIC and the other types of
 * the discussion's rules; HEIC is converted to JPEG by the pipeline's job (decision 0114).
 */
export const discussionPhotoPolicy = definePhotoPolicy(
  discussionPhotoPurpose,
  { ...discussionPhotoUploadRules, maxFiles: 1 },
  5,
);

/** Uploads per identity and hour. */
export const uploadsPerHour = 30;
/** Comments per identity and hour. */
export const commentsPerHour = 60;
