import type { Executor } from '../database/database';

/** A file a feature holds about someone: its storage key and its name inside the download. */
export interface PersonalDataFile {
  storageKey: string;
  /** The path inside the ZIP, below the feature's folder (e.g. `cases/12/pic1-1.jpg`). */
  name: string;
}

/** What one feature holds about someone: JSON sections by name, and the files. */
export interface PersonalDataExport {
  /** Each becomes `<feature>/<name>.json` in the download. */
  sections: Record<string, unknown>;
  files: PersonalDataFile[];
}

/** Why someone's data is erased: their own request, or the retention of unused accounts. */
export type ErasureReason = 'member-request' | 'unused-account';

/** What a feature's erasure leaves for the platform to finish after its rows are gone. Why: decision 0307. */
export interface ErasureResult {
  storedFileIds?: string[];
  addresses?: string[];
  identifyingTexts?: string[];
  auditEntities?: Array<{ entity: string; entityId: string | number }>;
}

/** A feature's part in a member's rights (個人資料保護法 §3, §11; decision 0307): the manifest's `personalData(services)`. */
export interface PersonalDataPart {
  exportFor(db: Executor, memberId: number): Promise<PersonalDataExport>;
  eraseFor(tx: Executor, memberId: number, options: { reason: ErasureReason }): Promise<ErasureResult | void>;
  /** Whether the member used the account here (an order, a case, a post): retention keeps used accounts. */
  isUsedBy?(db: Executor, memberId: number): Promise<boolean>;
  /**
   * People only this feature knows (LINE-only people of the discussion: 'discussion-identity'), by kind: what their
   * download holds. Why: decision 0307.
   */
  subjects?: Record<string, (db: Executor, id: number) => Promise<PersonalDataExport>>;
  /**
   * What this feature holds about a kind of person another feature owns (the alerts' LINE subscriptions of a
   * 'discussion-identity', decision 0420).
   */
  subjectRows?: Record<
    string,
    {
      exportFor(db: Executor, id: number): Promise<PersonalDataExport>;
      eraseFor(tx: Executor, id: number): Promise<ErasureResult | void>;
    }
  >;
}

/** Declares a feature's part, for its manifest. */
export function definePersonalDataPart(part: PersonalDataPart): PersonalDataPart {
  return part;
}
