import {
  type Row,
  persons,
  everyone,
  staffOnly,
  staffPage,
  adminResourceRows,
} from '../../platform/test/authorisation-table';

/** The contact rows of the authorisation matrix (authorisation-matrix.test.ts runs them, decision 0415). */
export const contactAuthorisationRows: Row[] = [
  // Contact (contact feature): anyone sends the forms (robot check required); the inbox is for editors and admins
  {
    route: 'POST /api/v1/contacts',
    url: '/api/v1/contacts',
    payload: (person) => ({
      name: '林小農',
      email: 'farmer@example.org',
      company_name: '合作社',
      country: 'TW',
      telephone: '05-597-1234',
      title: '詢問',
      message: '請問課程何時開始？',
      key: `00000000-0000-4000-8000-1000000000${persons.indexOf(person)}0`,
    }),
    expect: everyone(400),
    why: 'no robot check solved: the spec message, whoever sends it',
  },
  {
    route: 'POST /api/v1/feedback',
    url: '/api/v1/feedback',
    payload: (person) => ({ message: '很好用', key: `00000000-0000-4000-8000-2000000000${persons.indexOf(person)}0` }),
    expect: everyone(400),
    why: 'no robot check solved',
  },
  ...adminResourceRows('contact-messages', {
    list: { expect: staffOnly({ editor: 200, admin: 200 }) },
    get: {
      id: (samples) => samples.contactMessageId,
      expect: staffOnly({ editor: 200, admin: 200 }),
      why: "member B's message with B's contact: never member A, nor B (the inbox is for staff)",
    },
    update: {
      id: (samples) => samples.contactMessageId,
      payload: { reply: '已收到，謝謝您。' },
      expect: staffOnly({ editor: 200, admin: 200 }),
      why: 'the first reply is mailed; the same reply again changes nothing',
    },
    action: {
      id: (samples) => samples.contactMessageId,
      name: 'mark-handled',
      expect: staffOnly({ editor: 409, admin: 409 }),
      why: 'staff may mark messages handled; this one is handled already',
    },
  }),
  { route: 'PAGE /contact', url: '/contact', expect: everyone(200) },
  { route: 'PAGE /feedback', url: '/feedback?from=/search/bug', expect: everyone(200) },
  {
    route: 'PAGE /admin/:resource',
    url: '/admin/contact-messages',
    expect: staffPage({ editor: 200, admin: 200 }),
  },
];
