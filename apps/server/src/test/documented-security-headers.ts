import { readFile } from 'node:fs/promises';

const documentFile = new URL('../../../../docs/security-headers.md', import.meta.url);

export interface DocumentedHeaders {
  /** Header (lower case) → value, for the rows whose answers are "every answer". */
  always: Record<string, string>;
  /** The rows sent on every answer only with FORCE_HTTPS. */
  withForceHttps: Record<string, string>;
}

/**
 * The intended header set as docs/security-headers.md writes it down (its table: header, value,
 * answers), so the tests check the documented set itself and the document cannot drift from the code.
 */
export async function documentedSecurityHeaders(): Promise<DocumentedHeaders> {
  const text = await readFile(documentFile, 'utf8');
  const result: DocumentedHeaders = { always: {}, withForceHttps: {} };
  for (const line of text.split('\n')) {
    const cells = /^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`[^|]*\|\s*(.+?)\s*\|$/.exec(line);
    if (!cells) continue;
    const [, name, value, answers] = cells as unknown as [string, string, string, string];
    if (answers === 'every answer') result.always[name.toLowerCase()] = value;
    else if (answers.startsWith('every answer with `FORCE_HTTPS=true`'))
      result.withForceHttps[name.toLowerCase()] = value;
  }
  if (Object.keys(result.always).length < 5) throw new Error(`no header table found in ${documentFile.pathname}`);
  return result;
}

/** The documented headers that are missing from an answer or have another value: empty when all are there. */
export function headerProblems(
  expected: Record<string, string>,
  headers: Record<string, unknown>,
): Array<{ header: string; expected: string; sent: unknown }> {
  return Object.entries(expected)
    .filter(([name, value]) => headers[name] !== value)
    .map(([name, value]) => ({ header: name, expected: value, sent: headers[name] }));
}
