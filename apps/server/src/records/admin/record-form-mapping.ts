import type { RecordForm } from '@pest/contracts';
import type { records } from '../schema';

type RecordRow = typeof records.$inferSelect;

/** One entry per non-empty line, trimmed, duplicates dropped (aliases, pesticide-data names). */
export function splitLines(value: string): string[] {
  return [...new Set(value.split('\n').map((entry) => entry.trim()))].filter((entry) => entry !== '');
}

/** The columns an editor's form writes. */
export function recordColumnsOf(form: RecordForm) {
  return {
    state: form.state,
    type: form.type,
    diseaseClass: form.disease_class ?? null,
    cName: form.c_name,
    eName: form.e_name,
    name: form.name,
    aliases: splitLines(form.aliases),
    eClass1: form.e_class1,
    eClass2: form.e_class2,
    eClass3: form.e_class3,
    eClass4: form.e_class4,
    eClass5: form.e_class5,
    cClass1: form.c_class1,
    cClass2: form.c_class2,
    cClass3: form.c_class3,
    property: form.property,
    life: form.life,
    distribute: form.distribute,
    harm: form.harm,
    harmPart: form.harm_part,
    harmDetail: form.harm_detail,
    liter: form.liter,
    control: form.control,
    pesticideNames: splitLines(form.pesticide_names),
  };
}

/** A stored record as the admin shows and edits it. */
export function recordFormOf(
  row: RecordRow,
  { rewritten = false, crops = [] }: { rewritten?: boolean; crops?: readonly string[] } = {},
): RecordForm & { id: number; views: number; updated_at: string; demo: boolean; demo_clearable: boolean } {
  return {
    id: row.id,
    state: row.state as RecordForm['state'],
    type: row.type as RecordForm['type'],
    ...(row.diseaseClass ? { disease_class: row.diseaseClass as NonNullable<RecordForm['disease_class']> } : {}),
    c_name: row.cName,
    e_name: row.eName,
    name: row.name,
    aliases: row.aliases.join('\n'),
    e_class1: row.eClass1,
    e_class2: row.eClass2,
    e_class3: row.eClass3,
    e_class4: row.eClass4,
    e_class5: row.eClass5,
    c_class1: row.cClass1,
    c_class2: row.cClass2,
    c_class3: row.cClass3,
    property: row.property,
    life: row.life,
    distribute: row.distribute,
    harm: row.harm,
    harm_part: row.harmPart,
    harm_detail: row.harmDetail,
    liter: row.liter,
    control: row.control,
    pesticide_names: row.pesticideNames.join('\n'),
    crops: crops.join('\n'),
    views: row.views,
    updated_at: row.updatedAt.toISOString(),
    demo: row.demo,
    demo_clearable: row.demo && rewritten,
  };
}
