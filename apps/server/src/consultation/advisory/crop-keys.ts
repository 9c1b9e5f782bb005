import { cropLookupNames } from '../../crops';
import type { Executor } from '../../platform/database/database';
import { normaliseSearchText } from '../../platform/search/normalise-search-text';

/** The case-search crop keys of every name of the crop `name` stands for (decision 0360). */
export async function cropKeys(db: Executor, name: string): Promise<string[]> {
  const keys = (await cropLookupNames(db, name)).map((each) => normaliseSearchText(each)).filter(Boolean);
  return keys.length > 0 ? [...new Set(keys)] : [''];
}
