/** Who edits the reading room in /admin and may preview its drafts (issue 14 §2). */
export const readingRoomEditors = ['editor', 'admin'] as const;
