import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A committed migration whose present content is accepted although it differs from the content it was first committed
 * with. Why: decision 0072.
 */
export interface AcceptedRewrite {
  /** A file (`apps/server/drizzle/0003_video-clips.sql`) or a journal entry (`…/_journal.json entry 4`). */
  item: string;
  /** sha256 of the accepted content: the file's bytes, or the journal entry as JSON.stringify writes it. */
  sha256: string;
}

export interface MigrationChange {
  item: string;
  /** The commit that first added it: the content a database may have run. */
  firstCommit: string;
  problem: 'changed' | 'deleted';
  /** sha256 of the present content (for an allow-list entry, if a rewrite is ever accepted). */
  sha256?: string;
}

/** Git history is missing or cut short, so the check cannot tell what was first committed. */
export class MigrationHistoryUnavailableError extends Error {}

interface JournalEntry {
  idx: number;
  tag: string;
  [key: string]: unknown;
}

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

async function git(repoRoot: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/**
 * The contents of many `commit:path` objects from one `git cat-file --batch` process (null for a missing one).
 * Why: decision 0072.
 */
async function readObjects(repoRoot: string, specs: string[]): Promise<Map<string, Buffer | null>> {
  const child = spawn('git', ['cat-file', '--batch'], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  child.stdin.end(specs.map((spec) => `${spec}\n`).join(''));
  const code = await exited;
  if (code !== 0) throw new Error(`git cat-file --batch exited with ${code}`);
  const output = Buffer.concat(chunks);
  const objects = new Map<string, Buffer | null>();
  let offset = 0;
  for (const spec of specs) {
    const lineEnd = output.indexOf(0x0a, offset);
    const header = output.subarray(offset, lineEnd).toString('utf8');
    offset = lineEnd + 1;
    // "<spec> missing" (or "ambiguous"), else "<sha> <type> <size>" followed by the content and a newline.
    const size = /^[0-9a-f]+ \S+ (\d+)$/.exec(header)?.[1];
    if (size === undefined) {
      objects.set(spec, null);
      continue;
    }
    objects.set(spec, output.subarray(offset, offset + Number(size)));
    offset += Number(size) + 1;
  }
  return objects;
}

async function readJournal(content: string): Promise<JournalEntry[]> {
  return (JSON.parse(content) as { entries: JournalEntry[] }).entries;
}

/**
 * Compares every committed migration (the SQL files and the journal's entries) in the working tree with the content
 * it had in the commit that first added it. Why: decision 0072.
 */
export async function checkMigrationHistory(options: {
  repoRoot: string;
  /** Relative to repoRoot, with forward slashes. */
  migrationsDir: string;
  accepted: readonly AcceptedRewrite[];
}): Promise<{ checked: string[]; changes: MigrationChange[] }> {
  const { repoRoot, migrationsDir } = options;
  let shallow: string;
  try {
    shallow = (await git(repoRoot, ['rev-parse', '--is-shallow-repository'])).trim();
  } catch (error) {
    throw new MigrationHistoryUnavailableError(
      `Cannot check that committed migrations are unchanged: no git history in ${repoRoot} ` +
        `(${(error as Error).message.split('\n')[0]}). Run the tests in a git clone.`,
    );
  }
  if (shallow === 'true') {
    throw new MigrationHistoryUnavailableError(
      'Cannot check that committed migrations are unchanged: this is a shallow clone, so the commits ' +
        'that first added them are missing. Run `git fetch --unshallow` (CI clones fully).',
    );
  }

  // Only the main line counts (each merge compared with its first parent). Why: decision 0072.
  const mainLine = ['--first-parent'];
  const isAccepted = (item: string, hash: string) =>
    options.accepted.some((rewrite) => rewrite.item === item && rewrite.sha256 === hash);
  const checked: string[] = [];
  const changes: MigrationChange[] = [];

  // Every SQL file ever committed, including ones deleted since, with the commit that first added it.
  // Why: decision 0072.
  const firstAdded = new Map<string, string>();
  let commit = '';
  for (const line of (
    await git(repoRoot, [
      'log',
      ...mainLine,
      '--no-renames',
      '--diff-filter=A',
      '--name-only',
      '--format=commit %H',
      '--',
      migrationsDir,
    ])
  ).split('\n')) {
    if (line.startsWith('commit ')) commit = line.slice('commit '.length);
    else if (line.endsWith('.sql')) firstAdded.set(line, commit);
  }
  const files = [...firstAdded.keys()].sort();
  const originals = await readObjects(
    repoRoot,
    files.map((file) => `${firstAdded.get(file)}:${file}`),
  );
  for (const file of files) {
    const firstCommit = firstAdded.get(file)!;
    const original = originals.get(`${firstCommit}:${file}`) ?? Buffer.alloc(0);
    const present = await fs.readFile(path.join(repoRoot, file)).catch(() => null);
    checked.push(file);
    if (present === null) {
      changes.push({ item: file, firstCommit, problem: 'deleted' });
    } else if (!present.equals(original) && !isAccepted(file, sha256(present))) {
      changes.push({ item: file, firstCommit, problem: 'changed', sha256: sha256(present) });
    }
  }

  // Journal entries: each as it was in the first journal version that had it.
  const journal = `${migrationsDir}/meta/_journal.json`;
  const journalCommits = (await git(repoRoot, ['log', ...mainLine, '--reverse', '--format=%H', '--', journal]))
    .split('\n')
    .filter(Boolean);
  const firstEntries = new Map<number, { entry: JournalEntry; commit: string }>();
  const journalVersions = await readObjects(
    repoRoot,
    journalCommits.map((commit) => `${commit}:${journal}`),
  );
  for (const commit of journalCommits) {
    const content = journalVersions.get(`${commit}:${journal}`);
    if (!content) continue;
    for (const entry of await readJournal(content.toString('utf8'))) {
      if (!firstEntries.has(entry.idx)) firstEntries.set(entry.idx, { entry, commit });
    }
  }
  const presentJournal = await fs.readFile(path.join(repoRoot, journal), 'utf8').catch(() => null);
  const presentEntries = presentJournal === null ? [] : await readJournal(presentJournal);
  for (const [idx, { entry, commit }] of [...firstEntries].sort(([a], [b]) => a - b)) {
    const item = `${journal} entry ${idx}`;
    const present = presentEntries.find((candidate) => candidate.idx === idx);
    checked.push(item);
    if (!present) {
      changes.push({ item, firstCommit: commit, problem: 'deleted' });
      continue;
    }
    const presentJson = JSON.stringify(present);
    if (presentJson !== JSON.stringify(entry) && !isAccepted(item, sha256(presentJson))) {
      changes.push({ item, firstCommit: commit, problem: 'changed', sha256: sha256(presentJson) });
    }
  }
  return { checked, changes };
}
