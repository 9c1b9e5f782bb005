import { z } from 'zod';
import { idSchema, productResponse } from './envelopes';

/** Catalogue status enumeration: InActive=0, Active=1, NonActivated=2. */
export const catalogueStatus = { inactive: 0, active: 1, nonActivated: 2 } as const;

export const systemSettingsSchema = z
  .object({
    id: z.number().int(),
    website_title: z.string(),
    description: z.string(),
    index_favicon: z.string().nullable().describe('File name under /files/public/'),
    keywords: z.string(),
    g_tag: z.string().nullable().describe('Google tag id; analytics loads only when set'),
    service_gmap: z.string().nullable().describe('Map embed address for the contact page'),
    feedback_url: z
      .string()
      .nullable()
      .describe("The header's feedback link (a path on this site or an https address); null: the site's own form"),
  })
  .meta({ id: 'SystemSettings' });
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const carouselSchema = z
  .object({
    id: z.number().int(),
    position: z.string(),
    title: z.string(),
    subtitle: z.string(),
    pic: z.string().describe('File name under /files/public/'),
    pic_width: z.number().int(),
    pic_height: z.number().int(),
    link: z.string().nullable(),
    status: z.number().int(),
    index_id: z.number().int(),
  })
  .meta({ id: 'Carousel' });
export type Carousel = z.infer<typeof carouselSchema>;

/**
 * The site's numbered sections, which are the carousels' `position`: each section's page
 * shows the banner slides of its position. Stored by name; the product API takes the number or the name.
 */
export const siteSections = {
  index: 1,
  about: 2,
  news: 3,
  products: 4,
  download: 5,
  contact: 6,
  member: 7,
} as const;
export type SiteSection = keyof typeof siteSections;
const sectionNames = Object.keys(siteSections) as SiteSection[];

export const carouselsQuery = z.object({
  position: z
    .string()
    .optional()
    .transform((value, context): SiteSection => {
      if (value === undefined || value === '') return 'index';
      const byNumber = sectionNames.find((name) => String(siteSections[name]) === value);
      const found = byNumber ?? sectionNames.find((name) => name === value);
      if (!found) {
        context.addIssue({ code: 'custom', message: '位置必須是 1–7 或區段名稱' });
        return z.NEVER;
      }
      return found;
    })
    .describe('Section number (Index=1 … Member=7) or name; default 1, the home page'),
});

export const systemSettingsParams = z.object({ id: idSchema });
export const systemSettingsResponse = productResponse(systemSettingsSchema);
export const carouselsResponse = productResponse(z.array(carouselSchema));

/**
 * What /privacy states that differs per deployment (個人資料保護法 §8): who keeps the data and how to
 * reach them (from the system settings), and how long each kind of data is kept (from the server's
 * settings), so the page never promises what the site does not do.
 */
export const privacyPolicyFactsSchema = z.object({
  website_title: z.string(),
  institute_name: z.string().describe('The institute keeping the data; empty: the page names the site'),
  contact_email: z.string(),
  contact_phone: z.string(),
  contact_address: z.string(),
  analytics: z.boolean().describe('Whether the Google tag is set (the page then says so)'),
  retention: z.object({
    consultation_months: z.number().int().describe('Unpublished cases: months after the answer (or submission)'),
    unconfirmed_account_days: z.number().int().describe('Accounts never confirmed nor used'),
    mail_days: z.number().int().describe('Sent mails in the outbox'),
    backup_days: z.number().int().describe('Backups are overwritten after this many days'),
  }),
});
export type PrivacyPolicyFacts = z.infer<typeof privacyPolicyFactsSchema>;
