import { parseArgs } from 'node:util';

/** The backup and restore commands' arguments: one folder and one boolean option. Why: decision 0321. */
export function parseFolderArguments<Flag extends string>(
  argv: string[],
  usage: string,
  flag: Flag,
): { dir: string; flags: Record<Flag, boolean> } | { exitCode: number } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { [flag]: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return { exitCode: 1 };
  }
  const [dir, ...rest] = parsed.positionals;
  if (parsed.values.help || !dir || rest.length > 0) {
    console.log(usage);
    return { exitCode: parsed.values.help ? 0 : 1 };
  }
  return { dir, flags: { [flag]: parsed.values[flag] === true } as Record<Flag, boolean> };
}
