/** What the fixture server (start-fixture-server.ts) holds for tests/consultation-desk.spec.ts. */
export const deskExpert = { account: 'e2edeskexpert', password: 'Desk-Expert-2026' };
/** An editor on the same server: the contact inbox (tests/contact.spec.ts) is for editors and admins. */
export const deskEditor = {
  account: 'e2edeskeditor',
  password: 'Desk-Editor-2026',
  email: 'e2e-desk-editor@example.org',
};
/** An admin on the same server: the contact inbox shows who wrote to admins alone (decision 0299). */
export const deskAdmin = {
  account: 'e2edeskadmin',
  password: 'Desk-Admin-2026',
  email: 'e2e-desk-admin@example.org',
};
/** One case per browser project, told apart by crop; the mobile one waits past the 48-hour mark. */
export const deskCases = {
  mobile: { cropName: '番茄', askerEmail: 'desk-asker-mobile@example.org', hoursAgo: 50 },
  desktop: { cropName: '甘藍', askerEmail: 'desk-asker-desktop@example.org', hoursAgo: 3 },
} as const;
