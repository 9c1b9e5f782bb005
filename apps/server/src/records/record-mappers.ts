import {
  diseaseClassSchema,
  layoutFor,
  pictureClassSchema,
  publicationStateSchema,
  recordTypeSchema,
  type PesticideEntry,
  type RecordDetail,
  type RecordPicture,
  type RecordSummary,
} from '@pest/contracts';
import { recordPictureUrl } from './record-pictures-url';
import type { pesticideUses, recordPictures, records } from './schema';

type RecordRow = typeof records.$inferSelect;
type PictureRow = typeof recordPictures.$inferSelect;
type PesticideUseRow = typeof pesticideUses.$inferSelect;

/** The columns a summary needs, so list queries select only these. */
export type RecordSummaryRow = Pick<RecordRow, 'id' | 'cName' | 'eName' | 'name' | 'type' | 'diseaseClass'>;

export function toRecordSummary(row: RecordSummaryRow, thumb: string | null): RecordSummary {
  return {
    id: row.id,
    CName: row.cName,
    EName: row.eName,
    Name: row.name,
    type: recordTypeSchema.parse(row.type),
    diseaseClass: row.diseaseClass === null ? null : diseaseClassSchema.parse(row.diseaseClass),
    thumb,
  };
}

export function toRecordDetail(row: RecordRow): RecordDetail {
  const type = recordTypeSchema.parse(row.type);
  const diseaseClass = row.diseaseClass === null ? null : diseaseClassSchema.parse(row.diseaseClass);
  return {
    id: row.id,
    type,
    diseaseClass,
    layout: layoutFor({ type, diseaseClass }),
    CName: row.cName,
    EName: row.eName,
    Name: row.name,
    aliases: row.aliases,
    EClass1: row.eClass1,
    EClass2: row.eClass2,
    EClass3: row.eClass3,
    EClass4: row.eClass4,
    EClass5: row.eClass5,
    CClass1: row.cClass1,
    CClass2: row.cClass2,
    CClass3: row.cClass3,
    Property: row.property,
    Life: row.life,
    Distribute: row.distribute,
    Harm: row.harm,
    HarmPart: row.harmPart,
    HarmDatail: row.harmDetail,
    Liter: row.liter,
    Control: row.control,
    drug1: row.pesticideNames[0] ?? null,
    drug2: row.pesticideNames[1] ?? null,
    pesticideNames: row.pesticideNames,
    demo: row.demo,
    state: publicationStateSchema.parse(row.state),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toRecordPicture(row: PictureRow): RecordPicture {
  return {
    id: row.id,
    Name: row.name,
    Type: row.type,
    Class: pictureClassSchema.parse(row.class),
    obj: row.obj,
    Display: row.display,
    caption: row.caption,
    credit: row.credit,
    licence: row.licence,
    width: row.width,
    height: row.height,
    url: recordPictureUrl(row),
    modUrl: recordPictureUrl(row, '_mod'),
    thumbUrl: recordPictureUrl(row, '_thumb'),
  };
}

export function toPesticideEntry(row: PesticideUseRow): PesticideEntry {
  return {
    cname: row.cname,
    amount: row.amount,
    typecode: row.typecode,
    bugname: row.bugname,
    use_p: row.useP,
    safe: row.safe,
    use_t: row.useT,
    notice: row.notice,
    type: row.method,
    usecount: row.usecount,
    note: row.note,
    use_a: row.useA,
    use_r: row.useR,
    moa: row.moa,
    approvedOn: row.approvedOn,
    registrant: row.registrant,
  };
}
