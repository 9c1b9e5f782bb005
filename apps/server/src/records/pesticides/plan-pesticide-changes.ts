import type { PesticideChangeRow, PesticideImportMode } from '@pest/contracts';
import type { AcceptedRow } from './parse-pesticide-csv';

/** A row on the site now, as the planner compares it. */
export interface CurrentUse extends PesticideChangeRow {
  id: number;
  rowKey: string;
}

export interface PlannedChange {
  before: CurrentUse;
  after: AcceptedRow;
  /** The fields whose value differs (the source-row number aside). */
  fields: Array<keyof PesticideChangeRow>;
}

export interface PesticideChangePlan {
  added: AcceptedRow[];
  changed: PlannedChange[];
  removed: CurrentUse[];
  unchanged: number;
}

/** The fields that make a row's content (everything but its position in the file). */
export const contentFields = [
  'plant',
  'bugname',
  'cname',
  'amount',
  'typecode',
  'useA',
  'useR',
  'useP',
  'useT',
  'usecount',
  'safe',
  'method',
  'notice',
  'note',
  'approvedOn',
  'registrant',
  'moa',
] as const satisfies ReadonlyArray<keyof PesticideChangeRow>;

/**
 * A registration's identity across snapshots: the crop, the pest, the ingredient, its content and
 * its formulation. A row of the new file with the identity of a row that is gone is that row
 * changed (a new pre-harvest interval, a corrected dose), not one removal and one addition.
 */
function identity(row: PesticideChangeRow): string {
  return JSON.stringify([row.plant, row.bugname, row.cname, row.amount, row.typecode]);
}

/** Rows compared between two turns of the event loop: a 40,000-row comparison would hold it for a while. */
const rowsBetweenTurns = 2000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const bySourceOrder = (a: CurrentUse, b: CurrentUse) =>
  (a.sourceRow ?? Number.MAX_SAFE_INTEGER) - (b.sourceRow ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/**
 * What importing `accepted` changes in `current` (decision 0233). Rows whose content key is
 * already there are unchanged. In `merge` mode every other row is added. In `replace` mode (the
 * file is the complete data) the rows left on each side are paired by identity in source order —
 * pairs are changes — and what remains is added (file) or removed (site). It lets the event loop
 * take a turn every few thousand rows (decision 0329).
 */
export async function planPesticideChanges(
  current: readonly CurrentUse[],
  accepted: readonly AcceptedRow[],
  mode: PesticideImportMode,
): Promise<PesticideChangePlan> {
  const byKey = new Map(current.map((row) => [row.rowKey, row]));
  const matched = new Set<number>();
  const fresh: AcceptedRow[] = [];
  for (const [index, row] of accepted.entries()) {
    if (index % rowsBetweenTurns === rowsBetweenTurns - 1) await nextTurn();
    const same = byKey.get(row.rowKey);
    if (same && !matched.has(same.id)) matched.add(same.id);
    else fresh.push(row);
  }
  const unchanged = matched.size;
  if (mode === 'merge') return { added: fresh, changed: [], removed: [], unchanged };

  const left = new Map<string, CurrentUse[]>();
  for (const row of current.filter((candidate) => !matched.has(candidate.id)).sort(bySourceOrder)) {
    const key = identity(row);
    // Appended in place: copying the list at each row made many rows of one identity quadratic.
    const rows = left.get(key);
    if (rows) rows.push(row);
    else left.set(key, [row]);
  }
  const added: AcceptedRow[] = [];
  const changed: PlannedChange[] = [];
  for (const [index, row] of fresh.entries()) {
    if (index % rowsBetweenTurns === rowsBetweenTurns - 1) await nextTurn();
    const before = left.get(identity(row))?.shift();
    if (!before) {
      added.push(row);
      continue;
    }
    changed.push({ before, after: row, fields: contentFields.filter((field) => before[field] !== row[field]) });
  }
  const removed = [...left.values()].flat().sort(bySourceOrder);
  return { added, changed, removed, unchanged };
}
