import { z } from 'zod';
import { adminFileField, defineAdminContract } from './admin';
import { siteSections, type SiteSection } from './site';
import { staffPhotoUploadRules } from './uploads';

/**
 * The site's own settings in /admin: the system settings (title, description,
 * favicon, keywords, analytics tag, map, the header's feedback link) and the banner slides of each
 * section. Admins change the settings (they reach every page and the analytics policy); editors
 * keep the slides.
 */

export const siteSectionLabels: Readonly<Record<SiteSection, string>> = {
  index: '首頁',
  about: '關於我們',
  news: '最新消息',
  products: '產品',
  download: '下載專區',
  contact: '聯絡我們',
  member: '會員專區',
};
const sectionNames = Object.keys(siteSections) as [SiteSection, ...SiteSection[]];

/** What the upload pipeline records a favicon and a slide under. */
export const siteUploadPurposes = {
  favicon: 'site-favicon',
  slide: 'carousel-picture',
  appLogo: 'site-app-logo',
} as const;

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const text = (title: string, max: number, options: { required?: string; description?: string } = {}) => {
  const base = z
    .string()
    .trim()
    .max(max, { error: `最多 ${max} 個字` })
    .refine((value) => !controlCharacters.test(value), { error: '含有無法使用的字元' });
  const meta = { title, ...(options.description ? { description: options.description } : {}) };
  return options.required ? base.min(1, { error: options.required }).meta(meta) : base.default('').meta(meta);
};

/** A link a visitor follows: an address on this site ("/contact") or an https address elsewhere. */
export function isSiteOrHttpsLink(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}
const optionalLink = (title: string, description: string) =>
  z
    .string()
    .trim()
    .max(500, { error: '最多 500 個字' })
    .refine((value) => value === '' || isSiteOrHttpsLink(value), {
      error: '請輸入本站路徑（例如 /contact）或 https:// 開頭的網址',
    })
    .default('')
    .meta({ title, description });

/** The map hosts the contact page may frame (its Content-Security-Policy names the same). */
export const mapEmbedHosts = ['www.google.com', 'maps.google.com'] as const;
export function isMapEmbedAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && (mapEmbedHosts as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}

export const systemSettingsForm = z.object({
  website_title: text('網站名稱', 100, { required: '請輸入網站名稱' }),
  description: text('網站說明', 300, { description: '搜尋引擎與分享連結顯示的說明。' }),
  keywords: text('關鍵字', 300, { description: '以逗號分隔。' }),
  g_tag: z
    .string()
    .trim()
    .regex(/^$|^(G|GT|AW|UA|GTM)-[A-Z0-9-]{4,30}$/, { error: '請輸入 Google 代碼，例如 G-ABC123XYZ，或留空' })
    .default('')
    .meta({
      title: 'Google 分析代碼',
      description: '留空則不載入分析程式；填寫後網站會向訪客說明並載入 Google 的程式。',
    }),
  service_gmap: z
    .string()
    .trim()
    .max(2000, { error: '最多 2000 個字' })
    .refine((value) => value === '' || isMapEmbedAddress(value), {
      error: '請貼上 Google 地圖「嵌入地圖」的 https 網址，或留空',
    })
    .default('')
    .meta({
      title: '地圖嵌入網址',
      description: '聯絡我們頁面顯示的地圖（Google 地圖 → 分享 → 嵌入地圖 → 複製 src 網址）。',
    }),
  feedback_url: optionalLink(
    '頁首「意見回饋」連結',
    '留空則使用本站的意見回饋表單（/feedback）；也可填外部表單的 https 網址。',
  ),
  institute_name: text('個人資料管理機關', 100, {
    description: '隱私權政策（/privacy）寫明由誰保管訪客與會員的個人資料，例如「○○區農業改良場」。',
  }),
  privacy_contact_email: z
    .string()
    .trim()
    .max(200, { error: '最多 200 個字' })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: '請輸入正確的電子郵件，或留空' })
    .default('')
    .meta({ title: '個資聯絡信箱', description: '民眾查詢、更正或刪除個人資料時聯絡的信箱，顯示於隱私權政策。' }),
  privacy_contact_phone: text('個資聯絡電話', 50, { description: '顯示於隱私權政策。' }),
  privacy_contact_address: text('個資聯絡地址', 200, { description: '顯示於隱私權政策。' }),
  favicon: adminFileField({
    title: '網站圖示（favicon）',
    purpose: siteUploadPurposes.favicon,
    rules: staffPhotoUploadRules,
    description: '正方形的圖片為佳，會縮成 64×64 像素；不選擇則保留目前的圖示',
  }).optional(),
  app_short_name: text('手機桌面名稱', 12, {
    description: '加到手機主畫面時圖示下方的短名稱（12 字以內）；留空則取網站名稱的前 12 個字。',
  }),
  app_logo: adminFileField({
    title: '手機 App 標誌',
    purpose: siteUploadPurposes.appLogo,
    rules: staffPhotoUploadRules,
    description:
      '加到手機主畫面時的圖示，以 512×512 像素以上的正方形圖片為佳，四周留白；不選擇則保留目前的標誌（未設定時用預設標誌）',
  }).optional(),
});

export const systemSettingsAdminContract = defineAdminContract({
  name: 'system-settings',
  group: 'system',
  label: '網站設定',
  description:
    '網站名稱、說明、圖示、手機 App 的名稱與標誌、分析代碼、地圖、意見回饋連結與隱私權政策的聯絡資料；修改後每一頁立即更新。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    website_title: z.string().meta({ title: '網站名稱' }),
    description: z.string().meta({ title: '網站說明', widget: 'textarea' }),
    keywords: z.string().meta({ title: '關鍵字' }),
    g_tag: z.string().meta({ title: 'Google 分析代碼' }),
    service_gmap: z.string().meta({ title: '地圖嵌入網址' }),
    feedback_url: z.string().meta({ title: '頁首「意見回饋」連結' }),
    index_favicon: z.string().meta({ title: '網站圖示檔名' }),
    institute_name: z.string().meta({ title: '個人資料管理機關' }),
    privacy_contact_email: z.string().meta({ title: '個資聯絡信箱' }),
    privacy_contact_phone: z.string().meta({ title: '個資聯絡電話' }),
    privacy_contact_address: z.string().meta({ title: '個資聯絡地址' }),
    app_short_name: z.string().meta({ title: '手機桌面名稱' }),
    app_logo_source: z.string().meta({ title: '手機 App 標誌' }),
    updated_at: z.iso.datetime({ offset: true }).meta({ title: '最後修改' }),
  }),
  idKey: 'id',
  titleKey: 'website_title',
  columns: ['website_title', 'g_tag', 'feedback_url', 'updated_at'],
  sortable: ['id'],
  defaultSort: { key: 'id', direction: 'asc' },
  filters: z.object({}),
  update: systemSettingsForm,
});

const slideFields = {
  position: z
    .enum(sectionNames, { error: '請選擇位置' })
    .meta({ title: '位置（頁面）', optionLabels: siteSectionLabels }),
  title: text('標題', 100, { required: '請輸入標題' }),
  subtitle: text('副標題', 200),
  link: optionalLink('連結', '點選橫幅前往的頁面；留空則不連結。'),
  status: z
    .enum(['1', '0'], { error: '請選擇狀態' })
    .default('1')
    .meta({ title: '狀態', optionLabels: { '1': '顯示', '0': '不顯示' } }),
  index_id: z.coerce
    .number({ error: '排序必須是數字' })
    .int({ error: '排序必須是整數' })
    .min(0, { error: '排序不可小於 0' })
    .max(9999, { error: '排序最大 9999' })
    .default(0)
    .meta({ title: '排序（小的在前）' }),
};
const slidePicture = adminFileField({
  title: '橫幅圖片',
  purpose: siteUploadPurposes.slide,
  rules: staffPhotoUploadRules,
  description: '寬度 1600 像素以上的橫式照片為佳',
});

export const carouselsAdminContract = defineAdminContract({
  name: 'carousels',
  group: 'content',
  label: '橫幅輪播',
  description: '各頁面上方的橫幅圖片：只顯示狀態為「顯示」者，依排序由小到大。',
  row: z.object({
    id: z.number().int().meta({ title: '編號' }),
    position: z.enum(sectionNames).meta({ title: '位置（頁面）', optionLabels: siteSectionLabels }),
    title: z.string().meta({ title: '標題' }),
    subtitle: z.string().meta({ title: '副標題' }),
    link: z.string().meta({ title: '連結' }),
    status: z.enum(['1', '0']).meta({ title: '狀態', optionLabels: { '1': '顯示', '0': '不顯示' } }),
    index_id: z.number().int().meta({ title: '排序' }),
    pic: z.string().meta({ title: '圖片檔名' }),
    picture: slidePicture.nullable(),
  }),
  idKey: 'id',
  titleKey: 'title',
  columns: ['id', 'position', 'title', 'status', 'index_id'],
  sortable: ['id', 'index_id', 'position'],
  defaultSort: { key: 'index_id', direction: 'asc' },
  filters: z.object({
    position: z
      .enum(sectionNames, { error: '不明的位置' })
      .optional()
      .meta({ title: '位置（頁面）', optionLabels: siteSectionLabels }),
  }),
  create: z.object({ ...slideFields, picture: slidePicture }),
  update: z.object({ ...slideFields, picture: slidePicture.optional() }),
});
