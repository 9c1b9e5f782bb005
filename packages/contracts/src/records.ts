import { z } from 'zod';
import { emptyBody, infoResponse, plainName, recordId, searchTerm } from './envelopes';
import { publicationStates } from './publication';
import { diseaseClasses, pictureClasses, recordTypes, searchPageSizes } from './records-vocabulary';

export const recordTypeSchema = z.enum(recordTypes);
export const diseaseClassSchema = z.enum(diseaseClasses);
export const pictureClassSchema = z.enum(pictureClasses);

/** Record summary used by search results and the hot/new lists. */
export const recordSummarySchema = z
  .object({
    id: z.number().int(),
    CName: z.string(),
    EName: z.string(),
    Name: z.string().describe('Scientific name'),
    type: recordTypeSchema,
    diseaseClass: diseaseClassSchema.nullable(),
    thumb: z.string().nullable().describe('URL of the first album picture thumbnail'),
  })
  .meta({ id: 'RecordSummary' });
export type RecordSummary = z.infer<typeof recordSummarySchema>;

/** Full record (disease or beneficial detail"), field names as in the spec. */
export const recordDetailSchema = z
  .object({
    id: z.number().int(),
    type: recordTypeSchema,
    diseaseClass: diseaseClassSchema.nullable(),
    layout: z.enum(['pest', 'disease', 'beneficial']),
    CName: z.string(),
    EName: z.string(),
    Name: z.string(),
    aliases: z.array(z.string()).describe('Other common names'),
    EClass1: z.string(),
    EClass2: z.string(),
    EClass3: z.string(),
    EClass4: z.string(),
    EClass5: z.string(),
    CClass1: z.string(),
    CClass2: z.string(),
    CClass3: z.string(),
    Property: z.string(),
    Life: z.string(),
    Distribute: z.string(),
    Harm: z.string(),
    HarmPart: z.string(),
    HarmDatail: z.string(),
    Liter: z.string(),
    Control: z.string(),
    drug1: z.string().nullable().describe('First pesticide-data name (病蟲名稱) this record links to'),
    drug2: z.string().nullable().describe('Second pesticide-data name this record links to'),
    pesticideNames: z.array(z.string()).describe('Every pesticide-data name this record links to'),
    demo: z.boolean().describe("Demo content written by the site team (the page says so), not an institute's record"),
    state: z
      .enum(publicationStates)
      .describe('published for every record a visitor gets; draft only in a staff preview'),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'RecordDetail' });
export type RecordDetail = z.infer<typeof recordDetailSchema>;

export const recordPictureSchema = z
  .object({
    id: z.number().int(),
    Name: z.string().describe('Stored file name without extension'),
    Type: z.string().describe('File extension'),
    Class: pictureClassSchema,
    obj: z.string().describe("'pic' for pictures"),
    Display: z.boolean(),
    caption: z.string(),
    credit: z.string().describe("Author or source (作者／來源); '' when none is recorded"),
    licence: z.string().describe("Licence (授權); '' when none is recorded"),
    width: z.number().int(),
    height: z.number().int(),
    url: z.string().describe('Full-size picture URL with the seconds-based cache-buster'),
    modUrl: z.string().describe('_mod (medium) variant URL'),
    thumbUrl: z.string().describe('_thumb variant URL'),
  })
  .meta({ id: 'RecordPicture' });
export type RecordPicture = z.infer<typeof recordPictureSchema>;

/** One registered pesticide use, mapped from the government data. */
export const pesticideEntrySchema = z
  .object({
    cname: z.string().describe('普通名稱: common name of the active ingredient'),
    amount: z.string().describe('含量: content'),
    typecode: z.string().describe('劑型代碼: formulation'),
    bugname: z.string().describe('病蟲名稱: pest name'),
    use_p: z.string().describe('使用時期: period of use'),
    safe: z.string().describe('安全採收期: safe harvest interval (days)'),
    use_t: z.string().describe('施藥間隔: spray interval (days)'),
    notice: z.string().describe('注意事項: notes'),
    type: z.string().describe('施藥方法: method'),
    usecount: z.string().describe('施用次數: number of applications'),
    note: z.string().describe('說明: registration remark'),
    use_a: z.string().describe('每公頃每次用量: dose per hectare'),
    use_r: z.string().describe('稀釋倍數: dilution'),
    moa: z.string().describe('作用機制: mode-of-action code'),
    approvedOn: z.string().nullable().describe('核准日期 as yyyy-MM-dd'),
    registrant: z.string().describe('原始登記廠商名稱: original registrant'),
  })
  .meta({ id: 'PesticideEntry' });
export type PesticideEntry = z.infer<typeof pesticideEntrySchema>;

export const pesticidePlantSchema = z.object({ plant: z.string() }).meta({ id: 'PesticidePlant' });

/** Where the pesticide data came from: shown on the pesticide page with the snapshot date. */
export const pesticideSourceSchema = z
  .object({
    source: z.string().describe("Data source name, e.g. 農藥資訊服務網; '' when nothing has been imported"),
    snapshotDate: z.string().nullable().describe('Date of the source snapshot, yyyy-MM-dd'),
    importedAt: z.string().nullable().describe('When the data was imported, ISO 8601'),
    sample: z.boolean().describe("True while the data is the demo's partial sample, not a complete current import"),
  })
  .meta({ id: 'PesticideSource' });
export type PesticideSource = z.infer<typeof pesticideSourceSchema>;

/** `ty`: comma list of y/n for pest, beneficial, disease, mite (in that order). */
export const typeFilter = z
  .string()
  .regex(/^[yn],[yn],[yn],[yn]$/, { error: 'ty 必須是四個以逗號分隔的 y 或 n，例如 y,y,n,n' });

// ---- calls (POST /api/info/<call>) ----

export const bugCountCall = { body: emptyBody, data: z.number().int().describe('Number of published records') };
export const bugNewCall = { body: emptyBody, data: z.array(recordSummarySchema).describe('Newest records first') };
export const bugHotCall = { body: emptyBody, data: z.array(recordSummarySchema).describe('Most viewed first') };

export const searchResultCall = {
  body: z.object({
    term: searchTerm,
    ty: typeFilter.default('y,y,y,y'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(searchPageSizes.list),
  }),
  data: z.object({ total: z.number().int(), page: z.number().int(), items: z.array(recordSummarySchema) }),
};

export const searchSuggestionsCall = {
  body: z.object({ term: searchTerm }),
  data: z.array(recordSummarySchema).describe('Nearest record names by character similarity'),
};

export const loadDetailCall = { body: z.object({ n1: recordId }), data: recordDetailSchema };

export const bugPicListCall = {
  body: z.object({ a1: recordId, a2: z.literal('pic', { error: "a2 必須是 'pic'" }) }),
  data: z.array(recordPictureSchema),
};

const pesticideName = plainName({ required: '請提供病蟲名稱', tooLong: '名稱不可超過 100 個字' });

export const pesticideSelCall = {
  body: z.object({ n1: pesticideName }),
  data: z.array(pesticidePlantSchema).describe('Crops with registered uses for this name'),
};

export const pesticideCall = {
  body: z.object({
    n1: pesticideName,
    n2: plainName({ required: '請提供作物名稱', tooLong: '作物名稱不可超過 100 個字' }),
  }),
  data: z.array(pesticideEntrySchema),
};

export const recordCallResponses = {
  searchResult: infoResponse(searchResultCall.data),
  loadDetail: infoResponse(recordDetailSchema),
};
