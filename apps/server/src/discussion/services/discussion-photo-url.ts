/** Folder of the discussion's photo route (discussion-routes.ts), relative to the site's base. */
export const discussionPhotoPath = 'files/discussion';

/** A photo's name in `pic`: the stored file's id. */
export function discussionPhotoName(storedFileId: string): string {
  return `${storedFileId}.jpg`;
}

export function storedFileIdOf(name: string): string {
  return name.replace(/\.jpg$/i, '').toLowerCase();
}

/** files/discussion/<question id>/<file id>[_thumb].jpg: pages prefix BASE_URL. */
export function discussionPhotoUrl(questionId: number, storedFileId: string, variant: 'full' | 'thumb'): string {
  return `${discussionPhotoPath}/${questionId}/${storedFileId}${variant === 'thumb' ? '_thumb' : ''}.jpg`;
}
