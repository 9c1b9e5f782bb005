/** Who edits the reading room in /admin and may preview its drafts. */
export const readingRoomEditors = ['editor', 'admin'] as const;
