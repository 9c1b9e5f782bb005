/** The editor on the fixture server (start-fixture-server.ts) who hides comments (tests/discussion.spec.ts). */
export const discussionEditor = { account: 'e2ediscussioneditor', password: 'Green-Field-2026' } as const;
