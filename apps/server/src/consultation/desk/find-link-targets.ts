import type { DeskLinkTarget, DeskLinkTargetQuery } from '@pest/contracts';
import { findIpmSheetsTitled } from '../../reading-room';
import { findRecordsNamed } from '../../records';
import type { Executor } from '../../platform/database/database';

/**
 * What a reply may link to, by a typed name: published records or shown IPM sheets, through each
 * feature's public module and the shared search index (decision 0375).
 */
export async function findLinkTargets(db: Executor, query: DeskLinkTargetQuery): Promise<DeskLinkTarget[]> {
  const found =
    query.kind === 'record' ? await findRecordsNamed(db, query.q, 10) : await findIpmSheetsTitled(db, query.q, 10);
  return found.map((target) => ({ kind: query.kind, id: target.id, title: target.title }));
}
