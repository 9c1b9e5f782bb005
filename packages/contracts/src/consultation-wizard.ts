import { z } from 'zod';
import { emptyBody, recordId } from './envelopes';

// The consultation diagnosis wizard: crops, levels and options, the wizard's states, and its calls
// /consuListp, /consulevelList, /consuoptionList.

export const consultationCropSchema = z
  .object({
    id: z.number().int(),
    cname: z.string(),
    ename: z.string(),
    Online: z.enum(['0', '1']).describe("'1': listed (only those are answered)"),
    pic2: z.string().describe("The crop's picture, relative to the site root ('' when it has none)"),
  })
  .meta({ id: 'ConsultationCrop' });
export type ConsultationCrop = z.infer<typeof consultationCropSchema>;

export const consultationLevelSchema = z
  .object({
    id: z.number().int(),
    cid: z.number().int().describe('Crop id'),
    name: z.string(),
    position: z.number().int().describe('1 for the first level (this site’s addition)'),
    last: z.boolean().describe('Whether its options are the final links (this site’s addition)'),
  })
  .meta({ id: 'ConsultationLevel' });
export type ConsultationLevel = z.infer<typeof consultationLevelSchema>;

export const consultationOptionSchema = z
  .object({
    id: z.number().int(),
    name: z
      .string()
      .describe(
        "On the last level 'label-target': target is a record id, or an IPM sheet id when the label contains IPM",
      ),
    path: z.string().describe("Ids of the options chosen on the levels before it, '/'-joined ('' on level 1)"),
    pic: z.string().describe("Picture relative to the site root ('' when it has none)"),
    label: z.string().describe('The name without its target (this site’s addition)'),
    link: z
      .string()
      .nullable()
      .describe(
        "Last level: the page it leads to, '/search/bug/detail?id=' or '/IPM/detail?id=' (this site’s addition)",
      ),
    team_authored: z
      .boolean()
      .describe("True where this site's team wrote the step, not the institute (this site’s addition)"),
  })
  .meta({ id: 'ConsultationOption' });
export type ConsultationOption = z.infer<typeof consultationOptionSchema>;

/** `a2` of /consuoptionList on level 1: 0, '0', '' or absent all mean "no previous option". */
const previousOption = z
  .union([z.literal(0), z.literal('0'), z.literal(''), z.null(), recordId], { error: '上一層選項編號必須是數字' })
  .transform((value): number | null => (typeof value === 'number' && value > 0 ? value : null));

// ---- calls (POST /api/info/<call>, answered as { d }) ----

export const consuListpCall = {
  body: emptyBody,
  data: z.array(consultationCropSchema).describe("Crops with Online '1', in menu order"),
};
export const consulevelListCall = {
  body: z.object({ a1: recordId.describe('a1: crop id') }).strict(),
  data: z.array(consultationLevelSchema).describe('The crop’s levels, first level first'),
};
export const consuoptionListCall = {
  body: z
    .object({
      a1: recordId.describe('a1: level id'),
      a2: previousOption.optional().describe('a2: the option chosen on the previous level; 0 or empty on level 1'),
    })
    .strict(),
  data: z.array(consultationOptionSchema).describe('The level’s options under a2, in order'),
};
