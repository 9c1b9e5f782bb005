import type { ConsultationCrop, ConsultationLevel, ConsultationOption } from '@pest/contracts';
import type { consultationCrops, consultationLevels, consultationOptions } from '../../schema';

type CropRow = typeof consultationCrops.$inferSelect;
type LevelRow = typeof consultationLevels.$inferSelect;
type OptionRow = typeof consultationOptions.$inferSelect;

export function toWizardCrop(row: CropRow): ConsultationCrop {
  return { id: row.id, cname: row.cname, ename: row.ename, Online: row.online ? '1' : '0', pic2: row.picture };
}

export function toWizardLevel(row: LevelRow, levelCount: number): ConsultationLevel {
  return { id: row.id, cid: row.cropId, name: row.name, position: row.position, last: row.position === levelCount };
}

/**
 * The final option's 'label-target' name split at its last '-': the target is an IPM
 * sheet id when the label contains IPM, a record id otherwise. Null when the name has no target.
 */
export function parseFinalOptionName(name: string): { label: string; kind: 'record' | 'ipm'; id: number } | null {
  const match = /^(.+)-([1-9][0-9]{0,9})$/.exec(name);
  if (!match) return null;
  const label = (match[1] as string).trim();
  return { label, kind: /IPM/i.test(label) ? 'ipm' : 'record', id: Number(match[2]) };
}

/** The page a final option leads to (or IPM detail when the label contains IPM). */
export function finalOptionLink(target: { kind: 'record' | 'ipm'; id: number }): string {
  return target.kind === 'ipm' ? `/IPM/detail?id=${target.id}` : `/search/bug/detail?id=${target.id}`;
}

export function toWizardOption(row: OptionRow, onLastLevel: boolean): ConsultationOption {
  const target = onLastLevel ? parseFinalOptionName(row.name) : null;
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    pic: row.picture,
    label: target ? target.label : row.name,
    link: target ? finalOptionLink(target) : null,
    team_authored: row.teamAuthored,
  };
}
