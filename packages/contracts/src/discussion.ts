import { z } from 'zod';
import { idSchema } from './envelopes';

/**
 * The expert discussion area and its second API: the LINE mini app's questions and comments, and the identity exchange of this
 * site. The calls keep the spec's names and fields; `lineid` stays in the payloads
 * for compatibility and is never trusted (the server takes the identity from its own session).
 */

/** Damage classes; the first is the default. The values are the words shown. */
export const discussionDamageClasses = ['病害', '蟲害', '生理障礙'] as const;
/** Crop types; the first is the default, the last needs the "other" text. */
export const discussionCropTypes = ['蔬菜', '果樹', '水稻', '雜糧', '花卉', '其他'] as const;
export const discussionOtherCropType = '其他';

/** The spec's messages and this site's own, in one place for the pages and the server. */
export const discussionMessages = {
  added: '新增成功',
  addFailed: '新增失敗',
  commentAdded: 'Added successfully',
  noComments: 'No comments yet',
  empty: '暫無討論',
  photoRequired: '請至少上傳一張照片',
  describeRequired: '請輸入問題描述',
  noteRequired: '請輸入備註',
  otherRequired: '請輸入其他作物類型',
  tooLong: (max: number) => `最多 ${max} 個字`,
  commentRequired: '請輸入留言',
  commentTooLong: '留言最多 60 個字',
  damageClass: '請選擇受害類別',
  cropType: '請選擇作物類型',
  signInNeeded: '請先以 LINE 登入討論區',
  notFound: '找不到此討論',
  commentNotFound: '找不到此留言',
  notYours: '只有發問者本人或專家、編輯可以刪除',
  blocked: '此 LINE 帳號已被停止發言，如有疑問請與本所聯絡',
  tooMany: '發言過於頻繁，請稍後再試',
  tokenInvalid: 'LINE 登入驗證失敗，請重新登入',
  tokenExpired: 'LINE 登入已逾時，請重新登入',
  notConfigured: '本網站尚未設定 LINE 討論區',
  demoOnly: '示範登入只在示範模式提供',
  photosProcessing: '照片處理中',
  alreadyLinked: '此 LINE 帳號已連結其他會員',
} as const;

/** Comment length. */
export const discussionCommentMax = 60;
export const discussionTextMax = 1000;

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: discussionMessages.tooLong(max) })
    .refine((value) => !controlCharacters.test(value), { error: '內容含有不允許的控制字元' });

/** The `lineid` the spec's calls send: accepted (compatibility), ignored (the session decides). */
const ignoredLineId = z.string().max(100).optional().describe('Ignored: the identity comes from the session');

/** A photo's name as the upload call answers it: the stored file's id and `.jpg`. */
export const discussionPhotoName = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.jpg)?$/i, {
    error: discussionMessages.photoRequired,
  });

/** The question form's own fields; its photos go through their upload call first. */
const discussionQuestionFields = {
  dclass: z.enum(discussionDamageClasses, { error: discussionMessages.damageClass }).default('病害'),
  type: z.enum(discussionCropTypes, { error: discussionMessages.cropType }).default('蔬菜'),
  typeOther: z
    .string()
    .trim()
    .max(50, { error: discussionMessages.tooLong(50) })
    .optional()
    .default(''),
  describe: text(discussionMessages.describeRequired, discussionTextMax),
  note: text(discussionMessages.noteRequired, discussionTextMax),
};

/** The crop type "other" needs its text. */
function otherTypeNamed(value: { type: string; typeOther: string }, context: z.RefinementCtx) {
  if (value.type === discussionOtherCropType && value.typeOther === '') {
    context.addIssue({ code: 'custom', path: ['typeOther'], message: discussionMessages.otherRequired });
  }
}

/** What the question page checks before it uploads anything (Conform, decision 0419). */
export const discussionQuestionFormSchema = z.object(discussionQuestionFields).superRefine(otherTypeNamed);

/** /discussmain_new: the form's fields and pic as comma-joined file names. */
export const discussionQuestionInput = z
  .object({
    ...discussionQuestionFields,
    pic: z
      .string({ error: discussionMessages.photoRequired })
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      )
      .pipe(
        z
          .array(discussionPhotoName)
          .min(1, { error: discussionMessages.photoRequired })
          .max(5, { error: '一次最多上傳 5 個檔案' }),
      ),
    lineid: ignoredLineId,
  })
  .superRefine(otherTypeNamed);
export type DiscussionQuestionInput = z.input<typeof discussionQuestionInput>;

/** /discussmain_list_all: optional keyword over describe and note. */
export const discussionListInput = z.object({
  keyword: z.string().trim().max(100, { error: '關鍵字不可超過 100 個字' }).optional(),
});
/** /discussmain_list_lineid: the spec's lineid (ignored: "my questions" are the session's). */
export const discussionMineInput = discussionListInput.extend({ lineid: ignoredLineId });
export const discussionIdInput = z.object({ id: idSchema });

/** /discusssub_list_discussid: the question id as a string. */
export const discussionCommentsInput = z.object({
  discussid: z.string().regex(/^[0-9]{1,10}$/, { error: '編號必須是數字' }),
});

/** /discusssub_new: the comment object; username, userpic and lineid come from the session. */
export const discussionCommentInput = z.object({
  discussid: z.string().regex(/^[0-9]{1,10}$/, { error: '編號必須是數字' }),
  dcontent: z
    .string({ error: discussionMessages.commentRequired })
    .trim()
    .min(1, { error: discussionMessages.commentRequired })
    .max(discussionCommentMax, { error: discussionMessages.commentTooLong })
    .refine((value) => !controlCharacters.test(value), { error: '內容含有不允許的控制字元' }),
  username: z.string().max(200).optional().describe('Ignored: from the verified LINE profile'),
  userpic: z.string().max(2000).optional().describe('Ignored: from the verified LINE profile'),
  lineid: ignoredLineId,
});

export const discussionPhotoSchema = z.object({
  name: z.string().describe('The name in pic'),
  status: z.enum(['ready', 'processing', 'failed']),
  url: z.string().describe('Full size (JPEG)'),
  thumbUrl: z.string(),
});

/** A question with this site's additions. */
export const discussionQuestionSchema = z
  .object({
    id: z.number().int(),
    dclass: z.string(),
    type: z.string(),
    typeOther: z.string(),
    describe: z.string(),
    note: z.string(),
    pic: z.string().describe('Comma-joined file names'),
    lineid: z.string().describe("The asker's LINE user id when it is the caller's own, otherwise empty"),
    newtime: z.iso.datetime({ offset: true }),
    username: z.string(),
    userpic: z.string(),
    photos: z.array(discussionPhotoSchema),
    comments: z.number().int(),
    mine: z.boolean(),
    canDelete: z.boolean(),
  })
  .meta({ id: 'DiscussionQuestion' });
export type DiscussionQuestion = z.infer<typeof discussionQuestionSchema>;

/** A comment with this site's additions. */
export const discussionCommentSchema = z
  .object({
    id: z.number().int(),
    discussid: z.string(),
    dcontent: z.string(),
    username: z.string(),
    userpic: z.string(),
    lineid: z.string().describe("The commenter's LINE user id when it is the caller's own, otherwise empty"),
    newtime: z.iso.datetime({ offset: true }),
    canDelete: z.boolean(),
  })
  .meta({ id: 'DiscussionComment' });
export type DiscussionComment = z.infer<typeof discussionCommentSchema>;

export const discussionCreated = z.object({ id: z.number().int() });
export const discussionDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** How the area identifies people on this install. */
export const discussionModes = ['line', 'demo', 'off'] as const;
export type DiscussionMode = (typeof discussionModes)[number];

/** The LINE profile of the session. */
export const discussionProfileSchema = z
  .object({
    userId: z.string(),
    displayName: z.string(),
    pictureUrl: z.string(),
    demo: z.boolean(),
  })
  .meta({ id: 'DiscussionProfile' });
export type DiscussionProfile = z.infer<typeof discussionProfileSchema>;

export const discussionSessionSchema = z.object({
  mode: z.enum(discussionModes),
  liffId: z.string().nullable(),
  profile: discussionProfileSchema.nullable(),
  /** Staff (expert, editor) may read and moderate without a LINE identity. */
  staff: z.boolean(),
});
export type DiscussionSession = z.infer<typeof discussionSessionSchema>;

/** POST /api/v1/discussion/session and /link: the LIFF ID token. */
export const discussionTokenInput = z.object({
  idToken: z.string().min(20).max(8192, { error: 'ID token 過長' }),
});

/** POST /api/v1/discussion/demo/id-token: a test identity of the local development provider. */
export const discussionDemoIdentityInput = z.object({
  name: z
    .string({ error: '請輸入示範名稱' })
    .trim()
    .min(1, { error: '請輸入示範名稱' })
    .max(20, { error: '示範名稱最多 20 個字' })
    .refine((value) => !controlCharacters.test(value), { error: '名稱含有不允許的控制字元' }),
});
export const discussionIdTokenSchema = z.object({ idToken: z.string() });
