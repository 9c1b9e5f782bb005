import { wizardIpmLabelPattern, wizardTargetKindLabels, type WizardTargetKind } from '@pest/contracts';
import type { Executor } from '../../platform/database/database';
import { AppError } from '../../platform/http/app-error';
import { findIpmSheetLinkTarget } from '../../reading-room';
import { findRecordLinkTarget } from '../../records';

export interface OptionTargetInput {
  label: string;
  target_kind?: WizardTargetKind | undefined;
  target_id?: number | undefined;
}

/**
 * The spec name of an option: on the last level the label and the id of the
 * record or IPM sheet it leads to, which must exist and be published (decision 0272) — a draft
 * would send farmers to a missing page. The public wizard links to an IPM sheet exactly when the
 * label says IPM, so the label must agree with the kind. Options of other levels are their label.
 */
export async function optionNameFor(tx: Executor, input: OptionTargetInput, final: boolean): Promise<string> {
  const { label, target_kind: kind, target_id: targetId } = input;
  if (!final) {
    if (kind !== undefined || targetId !== undefined) {
      throw AppError.invalid([
        {
          path: kind !== undefined ? 'target_kind' : 'target_id',
          message: '只有最後一層的選項能設定連結目標（這一層的選項會帶往下一層）',
        },
      ]);
    }
    return label;
  }
  const issues: Array<{ path: string; message: string }> = [];
  if (kind === undefined)
    issues.push({ path: 'target_kind', message: '最後一層的選項必須連到病蟲害資料或 IPM 資料，請選擇種類' });
  if (targetId === undefined) issues.push({ path: 'target_id', message: '請輸入連結目標編號' });
  if (kind === undefined || targetId === undefined) throw AppError.invalid(issues);

  const saysIpm = wizardIpmLabelPattern.test(label);
  if (kind === 'ipm' && !saysIpm) {
    throw AppError.invalid([
      {
        path: 'label',
        message: '連到 IPM 資料的選項名稱須含「IPM」（公開頁面依此連到 IPM 資料），例如「番茄 IPM 管理」',
      },
    ]);
  }
  if (kind === 'record' && saysIpm) {
    throw AppError.invalid([
      { path: 'label', message: '連到病蟲害資料的選項名稱不可含「IPM」（公開頁面會改連到 IPM 資料）' },
    ]);
  }
  const target = kind === 'ipm' ? await findIpmSheetLinkTarget(tx, targetId) : await findRecordLinkTarget(tx, targetId);
  const what = wizardTargetKindLabels[kind];
  if (!target) throw AppError.invalid([{ path: 'target_id', message: `找不到編號 ${targetId} 的${what}` }]);
  if (!target.published) {
    throw AppError.invalid([
      {
        path: 'target_id',
        message: `${what}「${target.name}」（編號 ${targetId}）還是草稿，訪客看不到；請先發布再連結`,
      },
    ]);
  }
  return `${label}-${targetId}`;
}
