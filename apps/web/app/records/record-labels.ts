import { diseaseClassLabels, recordTypeLabels, type RecordSummary } from '@pest/contracts';

/** 「病害・真菌」 for a disease, otherwise the type's label. */
export function recordKindLabel(record: Pick<RecordSummary, 'type' | 'diseaseClass'>): string {
  const type = recordTypeLabels[record.type];
  return record.diseaseClass ? `${type}・${diseaseClassLabels[record.diseaseClass]}` : type;
}
