/** The editor of the discussion server (support/start-discussion-server.ts), who hides comments. */
export const discussionEditor = { account: 'e2ediscussioneditor', password: 'Green-Field-2026' } as const;
