import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import { pictureClasses, pictureClassLabels } from './records-vocabulary';
import { staffPhotoUploadRules } from './uploads';

/** The upload purpose of a record's picture: the service attaches only files sent for it. */
export const recordPictureUploadPurpose = 'record-picture';

const pictureClassField = z
  .enum(pictureClasses, { error: '請選擇照片分類' })
  .meta({ title: '照片分類', optionLabels: pictureClassLabels, description: '決定照片出現在詳細頁面的哪一個分頁。' });

const shortText = (title: string, max: number, description?: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `最多 ${max} 個字` })
    .default('')
    .meta({ title, ...(description ? { description } : {}) });

const pictureFields = {
  class: pictureClassField,
  caption: shortText('說明文字', 200, '顯示在照片下方，也是看不到照片的讀者聽到的替代文字。'),
  credit: shortText('作者／來源', 200, '拍攝者或出處，例如「臺南區農業改良場 王小明」。'),
  licence: shortText('授權', 100, '例如「CC BY 4.0」或「研究單位自有，保留所有權利」。'),
  sort: z.coerce
    .number({ error: '排序必須是數字' })
    .int({ error: '排序必須是整數' })
    .min(0, { error: '排序不可小於 0' })
    .max(9999, { error: '排序最大為 9999' })
    .default(0)
    .meta({ title: '排序（小的在前）' }),
  // "Hidden", not "shown": an unticked box (absent from the form) is the default, so a picture is shown.
  hidden: z
    .boolean()
    .default(false)
    .meta({ title: '在公開頁面隱藏', description: '勾選後訪客看不到這張照片，但照片不會刪除。' }),
};

const photo = (description: string) =>
  adminFileField({
    title: '照片',
    purpose: recordPictureUploadPurpose,
    rules: staffPhotoUploadRules,
    description,
  });

/** A new picture: which record, and its file (required). */
export const recordPictureCreateSchema = z.object({
  record_id: z.coerce
    .number({ error: '請輸入病蟲害資料編號' })
    .int({ error: '請輸入病蟲害資料編號' })
    .positive({ error: '請輸入病蟲害資料編號' })
    .max(2_147_483_647, { error: '找不到這筆病蟲害資料' })
    .meta({ title: '病蟲害資料編號', description: '從病蟲害資料的「照片」連結進來時已填好。' }),
  ...pictureFields,
  upload: photo('照片會重新壓縮並移除拍攝位置等資訊'),
});

/** A changed picture: the record stays; a file chosen replaces the current one. */
export const recordPictureUpdateSchema = z.object({
  ...pictureFields,
  upload: photo('不選擇則保留目前的照片；照片會重新壓縮並移除拍攝位置等資訊').optional(),
});

export type RecordPictureCreate = z.output<typeof recordPictureCreateSchema>;
export type RecordPictureUpdate = z.output<typeof recordPictureUpdateSchema>;

/**
 * A record's pictures in /admin (decision 0251): one row per picture, filtered by
 * record and class, each uploaded through the upload pipeline, with caption, author and licence,
 * order and display flag.
 */
export const recordPicturesAdminContract = defineAdminContract({
  name: 'record-pictures',
  group: 'content',
  label: '病蟲害照片',
  description: '病蟲害資料各分頁（相簿、特徵、為害照片、介紹、生活史）的照片；儲存後公開頁面立即更新。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    record_id: z.number().int().meta({ title: '病蟲害資料編號' }),
    record_name: z.string().meta({ title: '病蟲害資料' }),
    ...pictureFields,
    width: z.number().int().meta({ title: '寬（像素）' }),
    height: z.number().int().meta({ title: '高（像素）' }),
    upload: photo('').nullable().default(null),
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後更新' }),
  }),
  idKey: 'id',
  titleKey: 'caption',
  columns: ['id', 'record_name', 'class', 'caption', 'sort', 'hidden', 'updated_at'],
  sortable: ['id', 'sort', 'updated_at'],
  defaultSort: { key: 'sort', direction: 'asc' },
  filters: z.object({
    record_id: z.coerce
      .number({ error: '病蟲害資料編號必須是數字' })
      .int({ error: '病蟲害資料編號必須是整數' })
      .positive({ error: '病蟲害資料編號必須是正整數' })
      .max(2_147_483_647, { error: '病蟲害資料編號過大' })
      .optional()
      .meta({ title: '病蟲害資料編號' }),
    class: z
      .enum(pictureClasses, { error: '不明的照片分類' })
      .optional()
      .meta({ title: '照片分類', optionLabels: pictureClassLabels }),
  }),
  create: recordPictureCreateSchema,
  update: recordPictureUpdateSchema,
});
