// Prints where a V8 CPU profile (node --cpu-prof, e.g. from `npm run bench -- --profile DIR`) spent
// its time: the top functions by self time, and self time added up per package or source folder.
//   node scripts/bench/summarise-profile.mjs <file.cpuprofile> [--top 30] [--from SECONDS] [--to SECONDS]
// --from skips the first seconds of the profile (start-up and seeding); the bench prints the value.
// Idle time is left out of the percentages.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const option = (name) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : undefined;
const top = option('--top') ?? 30;
const fromMicros = (option('--from') ?? 0) * 1e6;
// --to: the end of one page kind's window (the profile of several kinds in a row).
const toMicros = (option('--to') ?? Infinity) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
let elapsed = 0;
for (let index = 0; index < profile.samples.length; index += 1) {
  const id = profile.samples[index];
  const delta = profile.timeDeltas[index] ?? 0;
  elapsed += delta;
  if (elapsed < fromMicros || elapsed > toMicros || byId.get(id).callFrame.functionName === '(idle)') continue;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
}
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

/** Where a function lives: a package name, a source folder of the project, or node's internals. */
function place(url) {
  if (!url) return '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const projectMatch = /(apps\/[^/]+\/(?:src|app|build)\/[^/]+|scripts\/bench\/build\/[^/]+\/server)/.exec(url);
  return projectMatch ? projectMatch[1] : url;
}

const functions = new Map();
const places = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const where = callFrame.url ? `${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}` : '';
  const key = `${callFrame.functionName || '(anonymous)'} ${where}`;
  functions.set(key, (functions.get(key) ?? 0) + micros);
  const area = place(callFrame.url);
  places.set(area, (places.get(area) ?? 0) + micros);
}
const percent = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s busy, sampled`);
console.log('\nSelf time by function:');
for (const [key, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${percent(micros)}  ${key}`);
console.log('\nSelf time by package or folder:');
for (const [key, micros] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${percent(micros)}  ${key}`);
