import fs from 'node:fs';

/** What the deploy test takes from a systemd unit's [Service] section to start its process. */
export interface ServiceUnit {
  command: string[];
  workingDirectory: string;
  environment: Record<string, string>;
  environmentFiles: string[];
  timeoutStopSeconds: number;
}

/**
 * Reads a unit the way systemd does for what the test needs: `%i` becomes the instance, each path
 * of `paths` (the unit's production paths) becomes this machine's. ExecStart is split on blanks
 * (the units quote nothing); Environment= takes several KEY=value words, later ones winning.
 */
export function readServiceUnit(file: string, paths: Record<string, string>, instance = ''): ServiceUnit {
  const unit: ServiceUnit = {
    command: [],
    workingDirectory: '/',
    environment: {},
    environmentFiles: [],
    timeoutStopSeconds: 90,
  };
  let section = '';
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.startsWith('[')) {
      section = line;
      continue;
    }
    if (section !== '[Service]') continue;
    const equals = line.indexOf('=');
    const key = line.slice(0, equals);
    const value = substitute(line.slice(equals + 1).replaceAll('%i', instance), paths);
    if (key === 'ExecStart') unit.command = value.replace(/^[-@:+!]+/, '').split(/\s+/);
    else if (key === 'WorkingDirectory') unit.workingDirectory = value;
    else if (key === 'EnvironmentFile') unit.environmentFiles.push(value.replace(/^-/, ''));
    else if (key === 'TimeoutStopSec') unit.timeoutStopSeconds = Number(value);
    else if (key === 'Environment') {
      for (const word of value.split(/\s+/)) {
        const at = word.indexOf('=');
        unit.environment[word.slice(0, at)] = word.slice(at + 1);
      }
    }
  }
  if (unit.command.length === 0) throw new Error(`${file} has no ExecStart`);
  return unit;
}

/**
 * An EnvironmentFile= as systemd reads it: KEY=value lines, `#` comments, surrounding blanks
 * dropped, one pair of quotes removed.
 */
export function readEnvironmentFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const equals = line.indexOf('=');
    if (equals <= 0) throw new Error(`${file}: not KEY=value: ${line}`);
    const value = line.slice(equals + 1).trim();
    values[line.slice(0, equals).trim()] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return values;
}

/**
 * The environment systemd gives the unit's process: its manager's few variables, Environment=,
 * then the files (systemd lets a file's setting override Environment=).
 */
export function serviceEnvironment(unit: ServiceUnit, extra: Record<string, string> = {}): Record<string, string> {
  const files = unit.environmentFiles.map(readEnvironmentFile);
  return Object.assign(
    { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8' },
    extra,
    unit.environment,
    ...files,
  );
}

function substitute(value: string, paths: Record<string, string>): string {
  let result = value;
  for (const [from, to] of Object.entries(paths)) result = result.replaceAll(from, to);
  return result;
}
