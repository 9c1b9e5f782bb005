import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import { staffPhotoUploadRules } from './uploads';

/**
 * The diagnosis wizard's trees in /admin (decisions 0270–0274): crops, the
 * levels of a crop and the option cards of a level, each with its picture through the upload
 * pipeline. On the last level an option leads to a record or an IPM sheet; the service writes its
 * spec name ('label-target') and its `path`, which staff never type.
 */

/** What the upload pipeline records a wizard picture under (a crop's or an option's). */
export const wizardPictureUploadPurpose = 'consultation-wizard-picture';

/** A final option's label says IPM exactly when it leads to an IPM sheet. */
export const wizardIpmLabelPattern = /IPM/i;

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;
const name = (title: string, max: number, required: string, description?: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `最多 ${max} 個字` })
    .refine((value) => !controlCharacters.test(value), { error: '含有無法使用的字元' })
    .meta({ title, ...(description ? { description } : {}) });

const id = (title: string, message: string, description?: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message })
    .meta({ title, ...(description ? { description } : {}) });

const sort = z.coerce
  .number({ error: '排序必須是數字' })
  .int({ error: '排序必須是整數' })
  .min(0, { error: '排序不可小於 0' })
  .max(9999, { error: '排序最大為 9999' })
  .default(0)
  .meta({ title: '排序（小的在前）' });

const picture = (description: string) =>
  adminFileField({ title: '圖片', purpose: wizardPictureUploadPurpose, rules: staffPhotoUploadRules, description });
const pictureHint = '選項卡上的圖片，會重新壓縮並移除拍攝位置等資訊';

// ---- crops ----

const cropFields = {
  cname: name('作物名稱（中文）', 50, '請輸入作物名稱'),
  ename: z
    .string()
    .trim()
    .max(100, { error: '最多 100 個字' })
    .refine((value) => !controlCharacters.test(value), { error: '含有無法使用的字元' })
    .default('')
    .meta({ title: '作物名稱（英文）' }),
  online: z.boolean().default(false).meta({
    title: '上線',
    description: '勾選後作物出現在「病蟲害諮詢」的作物清單；層級與選項建好之前請勿勾選。',
  }),
  sort_order: sort,
};

export const wizardCropsAdminContract = defineAdminContract({
  name: 'consultation-crops',
  group: 'content',
  label: '診斷作物',
  description: '病蟲害諮詢（圖片診斷）的作物；每個作物有自己的層級與選項。作物不刪除，不再使用時取消「上線」。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    ...cropFields,
    levels: z.number().int().meta({ title: '層級數' }),
    options: z.number().int().meta({ title: '選項數' }),
    picture_path: z.string().meta({ title: '圖片位址' }),
    picture: picture('').nullable().default(null),
  }),
  idKey: 'id',
  titleKey: 'cname',
  columns: ['id', 'cname', 'ename', 'online', 'sort_order', 'levels', 'options'],
  sortable: ['id', 'cname', 'sort_order'],
  defaultSort: { key: 'sort_order', direction: 'asc' },
  filters: z.object({
    online: z.boolean().optional().meta({ title: '上線' }),
  }),
  create: z.object({ ...cropFields, picture: picture('作物清單上的圖片').optional() }),
  update: z.object({ ...cropFields, picture: picture('不選擇則保留目前的圖片').optional() }),
  links: [
    { label: '層級', href: '/admin/consultation-levels?crop_id={id}' },
    { label: '選項', href: '/admin/consultation-options?crop_id={id}' },
    { label: '公開頁面', href: '/consultation?id={id}', when: { key: 'online', equals: true } },
  ],
});

export type WizardCropInput =
  | z.output<NonNullable<typeof wizardCropsAdminContract.create>>
  | z.output<NonNullable<typeof wizardCropsAdminContract.update>>;

// ---- levels ----

const levelName = name('層級名稱', 50, '請輸入層級名稱', '例如「受害部位」「病徵」。');
const position = id('順序', '順序必須是正整數', '第 1 層最先出現；不填則加在最後。').max(20, {
  error: '最多 20 層',
});

export const wizardLevelsAdminContract = defineAdminContract({
  name: 'consultation-levels',
  group: 'content',
  label: '診斷層級',
  description: '作物的診斷步驟，依順序一層一層出現；最後一層的選項連到病蟲害資料或 IPM 資料。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    crop_id: z.number().int().meta({ title: '作物編號' }),
    crop_name: z.string().meta({ title: '作物' }),
    name: z.string().meta({ title: '層級名稱' }),
    position: z.number().int().meta({ title: '順序' }),
    last: z.boolean().meta({ title: '最後一層' }),
    options: z.number().int().meta({ title: '選項數' }),
  }),
  idKey: 'id',
  titleKey: 'name',
  columns: ['id', 'crop_name', 'position', 'name', 'last', 'options'],
  sortable: ['id', 'position'],
  defaultSort: { key: 'position', direction: 'asc' },
  filters: z.object({
    crop_id: id('作物編號', '作物編號必須是正整數').optional(),
  }),
  create: z.object({
    crop_id: id('作物編號', '請輸入作物編號', '從作物的「層級」連結進來時已填好。'),
    name: levelName,
    position: position.optional(),
  }),
  update: z.object({ name: levelName, position }),
  links: [
    { label: '此層的選項', href: '/admin/consultation-options?level_id={id}' },
    { label: '作物', href: '/admin/consultation-crops/{crop_id}' },
  ],
});

export type WizardLevelCreate = z.output<NonNullable<typeof wizardLevelsAdminContract.create>>;
export type WizardLevelUpdate = z.output<NonNullable<typeof wizardLevelsAdminContract.update>>;

// ---- options ----

export const wizardTargetKinds = ['record', 'ipm'] as const;
export type WizardTargetKind = (typeof wizardTargetKinds)[number];
export const wizardTargetKindLabels: Readonly<Record<WizardTargetKind, string>> = {
  record: '病蟲害資料',
  ipm: 'IPM 資料',
};

const optionLabel = name('選項名稱', 50, '請輸入選項名稱', '卡片上的文字；連到 IPM 資料的選項名稱須含「IPM」。').refine(
  // The public wizard reads a final name's target from a trailing '-<id>'.
  (value) => !/-\s*[0-9]+$/.test(value),
  { error: '名稱結尾不可為「-數字」（最後一層以此標示連結目標，請改用其他寫法）' },
);

const optionFields = {
  label: optionLabel,
  target_kind: z.enum(wizardTargetKinds, { error: '請選擇連結目標的種類' }).optional().meta({
    title: '連結目標種類',
    optionLabels: wizardTargetKindLabels,
    description: '只有最後一層的選項需要：農民點選後前往的病蟲害資料或 IPM 資料。',
  }),
  target_id: id(
    '連結目標編號',
    '連結目標編號必須是正整數',
    '病蟲害資料或 IPM 資料的編號（網址 id= 後面的數字）。',
  ).optional(),
  sort,
};

export const wizardOptionsAdminContract = defineAdminContract({
  name: 'consultation-options',
  group: 'content',
  label: '診斷選項',
  description:
    '每一層的選項卡片（文字與圖片）。第 2 層起的選項掛在上一層的某個選項之下；最後一層的選項連到病蟲害資料或 IPM 資料。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    crop_id: z.number().int().meta({ title: '作物編號' }),
    crop_name: z.string().meta({ title: '作物' }),
    level_id: z.number().int().meta({ title: '層級編號' }),
    level_name: z.string().meta({ title: '層級' }),
    position: z.number().int().meta({ title: '第幾層' }),
    final: z.boolean().meta({ title: '最後一層' }),
    parent_option_id: z.number().int().nullable().meta({ title: '上一層選項編號' }),
    parent_label: z.string().meta({ title: '上一層選項' }),
    label: z.string().meta({ title: '選項名稱' }),
    target_kind: z
      .enum(wizardTargetKinds)
      .nullable()
      .meta({ title: '連結目標種類', optionLabels: wizardTargetKindLabels }),
    target_id: z.number().int().nullable().meta({ title: '連結目標編號' }),
    name: z.string().meta({ title: '規格名稱（name）', description: '由系統依名稱與連結目標產生' }),
    path: z.string().meta({ title: '路徑（path）', description: '上一層起選過的選項編號，由系統產生' }),
    children: z.number().int().meta({ title: '下一層選項數' }),
    sort: z.number().int().meta({ title: '排序' }),
    team_authored: z.boolean().meta({ title: '本站團隊所編' }),
    picture_path: z.string().meta({ title: '圖片位址' }),
    picture: picture('').nullable().default(null),
  }),
  idKey: 'id',
  titleKey: 'label',
  columns: [
    'id',
    'crop_name',
    'position',
    'parent_label',
    'label',
    'target_kind',
    'target_id',
    'sort',
    'team_authored',
  ],
  sortable: ['id', 'sort', 'position'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: z.object({
    crop_id: id('作物編號', '作物編號必須是正整數').optional(),
    level_id: id('層級編號', '層級編號必須是正整數').optional(),
    parent_option_id: id('上一層選項編號', '上一層選項編號必須是正整數').optional(),
  }),
  create: z.object({
    level_id: id(
      '層級編號',
      '層級編號必須是正整數',
      '第一層的選項必填；從層級的「此層的選項」連結進來時已填好。',
    ).optional(),
    parent_option_id: id(
      '上一層選項編號',
      '上一層選項編號必須是正整數',
      '第 2 層起必填：此選項出現在農民選了哪個上一層選項之後。',
    ).optional(),
    ...optionFields,
    picture: picture(pictureHint).optional(),
  }),
  update: z.object({
    parent_option_id: id(
      '上一層選項編號',
      '上一層選項編號必須是正整數',
      '第 2 層起必填；改成同一層的另一個選項時，此選項之下的選項一起移過去。',
    ).optional(),
    ...optionFields,
    team_authored: z.boolean().default(false).meta({
      title: '本站團隊所編',
      description: '示範內容由本站團隊所編時勾選，公開頁面會註明；研究單位審閱或改寫後請取消勾選。',
    }),
    picture: picture('不選擇則保留目前的圖片').optional(),
  }),
  links: [
    {
      label: '下一層選項',
      href: '/admin/consultation-options?parent_option_id={id}',
      when: { key: 'final', equals: false },
    },
    {
      label: '連結的病蟲害資料',
      href: '/search/bug/detail?id={target_id}',
      when: { key: 'target_kind', equals: 'record' },
    },
    { label: '連結的 IPM 資料', href: '/IPM/detail?id={target_id}', when: { key: 'target_kind', equals: 'ipm' } },
    { label: '層級', href: '/admin/consultation-levels/{level_id}' },
  ],
});

export type WizardOptionCreate = z.output<NonNullable<typeof wizardOptionsAdminContract.create>>;
export type WizardOptionUpdate = z.output<NonNullable<typeof wizardOptionsAdminContract.update>>;
