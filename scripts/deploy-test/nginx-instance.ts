import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface NginxPorts {
  https: number;
  http: number;
  servers: [number, number];
}

/**
 * The site file of deploy/ with only its paths and ports replaced: every listen on 127.0.0.1 and
 * the test's ports, the servers' ports, the certificate, the cache and log folders. Each
 * replacement must match exactly as often as expected, so a changed site file fails here loudly
 * rather than testing something else.
 */
export function siteForTest(siteFile: string, prefix: string, ports: NginxPorts): string {
  let site = fs.readFileSync(siteFile, 'utf8');
  const replace = (pattern: RegExp, replacement: string, times: number) => {
    const found = site.match(pattern)?.length ?? 0;
    if (found !== times) throw new Error(`${siteFile}: expected ${times} × ${pattern}, found ${found}`);
    site = site.replace(pattern, replacement);
  };
  replace(/^\s*listen \[::\]:\d+.*\n/gm, '', 2);
  replace(/listen 80;/g, `listen 127.0.0.1:${ports.http};`, 1);
  replace(/listen 443 ssl/g, `listen 127.0.0.1:${ports.https} ssl`, 1);
  replace(/server 127\.0\.0\.1:3001 /g, `server 127.0.0.1:${ports.servers[0]} `, 1);
  replace(/server 127\.0\.0\.1:3002 /g, `server 127.0.0.1:${ports.servers[1]} `, 1);
  replace(/ssl_certificate \S+;/g, `ssl_certificate ${path.join(prefix, 'cert.pem')};`, 1);
  replace(/ssl_certificate_key \S+;/g, `ssl_certificate_key ${path.join(prefix, 'key.pem')};`, 1);
  replace(/\/var\/cache\/nginx\/pest-assets/g, path.join(prefix, 'cache'), 1);
  replace(/\/var\/log\/nginx\/pest\//g, `${path.join(prefix, 'logs')}/`, 4);
  return site;
}

/** Debian's nginx with a prefix, configuration, pid file and temporary folders of its own. */
export function startNginx(
  siteFile: string,
  prefix: string,
  ports: NginxPorts,
): { process: ChildProcess; log: string[] } {
  for (const folder of ['logs', 'cache', 'temp']) fs.mkdirSync(path.join(prefix, folder), { recursive: true });
  fs.writeFileSync(path.join(prefix, 'site.conf'), siteForTest(siteFile, prefix, ports));
  const temp = (name: string) => path.join(prefix, 'temp', name);
  // What Debian's /etc/nginx/nginx.conf gives a site, minus what the test does not need.
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs', 'main-error.log')};`,
      // As root the workers would switch to "nobody", who cannot read the test's folders.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  sendfile on;',
      `  client_body_temp_path ${temp('body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  access_log ${path.join(prefix, 'logs', 'main-access.log')};`,
      `  include ${path.join(prefix, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  // -e: the log of the start itself, before the configuration is read (the default is /var/log/nginx).
  const args = [
    '-p',
    prefix,
    '-c',
    path.join(prefix, 'nginx.conf'),
    '-e',
    path.join(prefix, 'logs', 'start-error.log'),
  ];
  const check = spawnSync('nginx', [...args, '-t', '-q'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const child = spawn('nginx', [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { process: child, log };
}
