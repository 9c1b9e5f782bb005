/**
 * The authorisation matrix's vocabulary: the people who ask, the row format and the expectations rows share.
 * Why: decision 0415.
 */
/** A 1 × 1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const persons = ['anonymous', 'memberA', 'memberB', 'expert', 'editor', 'admin'] as const;
export type Person = (typeof persons)[number];
export type Expected = Record<Person, number>;

/** What the samples of a row may use: ids of rows that exist in the test database. */
export interface Samples {
  auditEntryId: number;
  mailId: number;
  memberBId: number;
  /** A submitted consultation case of member B, with one photo. */
  caseId: number;
  casePhotoId: number;
  expertId: number;
  /** A record of the demo content. */
  recordId: number;
  /** A draft record (decision 0250) and the file address of its one picture. */
  draftRecordId: number;
  draftPictureFile: string;
  /** A question of member B's linked (demo) LINE identity. */
  discussionQuestionId: number;
  /** Questions and comments of a LINE identity nobody here holds: one each per person, to delete. */
  strangerQuestions: Record<Person, number>;
  strangerComments: Record<Person, number>;
  /** A contact message member B sent, already handled by staff. */
  contactMessageId: number;
  /** An active download type with one active file (bytes stored), and their relation. */
  catalogTypeId: number;
  catalogDetailId: number;
  catalogRelationId: number;
  /** A download file an editor uploaded through the admin API, and a farmer's consultation photo (stored_files ids). */
  downloadUploadId: string;
  consultationPhotoFileId: string;
  /** A draft IPM sheet and a draft news item: staff preview them, nobody else meets them. */
  draftIpmSheetId: number;
  draftNewsId: number;
  /** An IPM sheet's other file an editor uploaded through the admin API (a stored_files id). */
  ipmFileUploadId: string;
}

export const noneEach = (): Record<Person, number> => ({
  anonymous: 0,
  memberA: 0,
  memberB: 0,
  expert: 0,
  editor: 0,
  admin: 0,
});
export const matrixSamples: Samples = {
  auditEntryId: 0,
  mailId: 0,
  memberBId: 0,
  caseId: 0,
  casePhotoId: 0,
  expertId: 0,
  recordId: 0,
  draftRecordId: 0,
  draftPictureFile: '',
  discussionQuestionId: 0,
  strangerQuestions: noneEach(),
  strangerComments: noneEach(),
  contactMessageId: 0,
  catalogTypeId: 0,
  catalogDetailId: 0,
  catalogRelationId: 0,
  downloadUploadId: '',
  consultationPhotoFileId: '',
  draftIpmSheetId: 0,
  draftNewsId: 0,
  ipmFileUploadId: '',
};
/** The discussion's reading rule: a LINE identity (member B linked one) or staff; the rest are asked to sign in. */
export const discussionReaders: Expected = {
  anonymous: 401,
  memberA: 401,
  memberB: 200,
  expert: 200,
  editor: 200,
  admin: 200,
};

/** A job id no job has. */
export const unknownJob = '00000000-0000-4000-8000-000000000000';

export interface Row {
  /** `METHOD /fastify/route/:pattern`, or `PAGE <React Router path>` for a page. */
  route: string;
  /** The request made for it (the pattern filled in). */
  url: string | ((samples: Samples) => string);
  /** The body: the same for everyone, or each person's own (their profile, their account). */
  payload?: object | ((person: Person) => object);
  headers?: Record<string, string>;
  /** The request ends the session it comes with (logout): it gets a session of its own. */
  fresh?: boolean;
  expect: Expected;
  /** Why, when the row is not plain public content. */
  why?: string;
}

export const everyone = (status: number): Expected => ({
  anonymous: status,
  memberA: status,
  memberB: status,
  expert: status,
  editor: status,
  admin: status,
});
/** Signed-in people get `status`, visitors 401. */
export const signedIn = (status: number): Expected => ({ ...everyone(status), anonymous: 401 });
/** A page for visitors only (sign in, register): signed-in people are sent on. */
export const anonymousOnlyPage: Expected = { ...everyone(302), anonymous: 200 };
/** A signed-in page: visitors are sent to the login page. */
export const signedInPage = (status: number): Expected => ({ ...everyone(status), anonymous: 302 });
/** A test person's profile as registered (signed-in-people.ts): sending it changes nothing. */
export const profileOf = (person: Person) => ({
  name: `測試${person}`,
  email: `${person.toLowerCase()}01@example.org`,
  class: 'all',
});

/** Signed-in staff get `staff` (by role where given), members 403, visitors 401. */
export const staffOnly = (
  staff: Partial<Record<'expert' | 'editor' | 'admin', number>>,
  otherwise = 403,
): Expected => ({
  anonymous: 401,
  memberA: 403,
  memberB: 403,
  expert: staff.expert ?? otherwise,
  editor: staff.editor ?? otherwise,
  admin: staff.admin ?? otherwise,
});
/** A page for staff: visitors are sent to the login page, members see the 403 page. */
export const staffPage = (
  staff: Partial<Record<'expert' | 'editor' | 'admin', number>>,
  otherwise = 403,
): Expected => ({
  ...staffOnly(staff, otherwise),
  anonymous: 302,
});

export const info = (call: string, payload: object): Pick<Row, 'route' | 'url' | 'payload' | 'expect'> => ({
  route: `POST /api/info/${call}`,
  url: `/api/info/${call}`,
  payload,
  expect: everyone(200),
});
/** Editors and admins get `status`, other staff and members 403, visitors 401. */
export const editorsOnly = (status: number) => staffOnly({ editor: status, admin: status });

/** One call of the generic admin API in `adminResourceRows`: what it is asked with and what each person gets. */
export interface AdminCall {
  /** The row id (`get`, `update`, `delete`, `action`): a number, or one of the samples. */
  id?: number | ((samples: Samples) => number | string);
  /** `list`: the query string, without its `?`. */
  query?: string;
  /** `action`: the contract's action name. */
  name?: string;
  payload?: object;
  /** A status every allowed person gets (`who`), or each person's own. */
  expect: number | Expected;
  why?: string;
}
type AdminCalls = Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete' | 'action', AdminCall>>;
const adminRoutes = {
  list: 'GET /api/v1/admin/resources/:resource',
  get: 'GET /api/v1/admin/resources/:resource/:id',
  create: 'POST /api/v1/admin/resources/:resource',
  update: 'PATCH /api/v1/admin/resources/:resource/:id',
  delete: 'DELETE /api/v1/admin/resources/:resource/:id',
  action: 'POST /api/v1/admin/resources/:resource/:id/:action',
} as const;

/**
 * The rows of one admin resource's list, get, create, update, delete and action calls, in the order given
 * (rows that change shared state keep their place). A number expected is `who(status)`: editors and admins.
 */
export function adminResourceRows(
  resource: string,
  calls: AdminCalls,
  who: (status: number) => Expected = editorsOnly,
): Row[] {
  return Object.entries(calls).map(([kind, call]): Row => {
    const base = `/api/v1/admin/resources/${resource}`;
    const { id, query, name, payload, expect, why } = call;
    const tail = kind === 'action' ? `/${name}` : '';
    const url =
      kind === 'list' || kind === 'create'
        ? `${base}${query ? `?${query}` : ''}`
        : typeof id === 'function'
          ? (samples: Samples) => `${base}/${id(samples)}${tail}`
          : `${base}/${id}${tail}`;
    return {
      route: adminRoutes[kind as keyof AdminCalls],
      url,
      ...(payload ? { payload } : {}),
      expect: typeof expect === 'number' ? who(expect) : expect,
      ...(why ? { why } : {}),
    };
  });
}
