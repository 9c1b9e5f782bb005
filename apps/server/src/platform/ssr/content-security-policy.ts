import { mapEmbedHosts } from '@pest/contracts';

/** Hosts a feature adds to directives of the page policy (the site's Google tag, when switched on). */
export type ContentSecuritySources = Partial<Record<'script-src' | 'img-src' | 'connect-src' | 'frame-src', string[]>>;

/** The Content-Security-Policy of every HTML page. Why: decision 0056. */
export function buildContentSecurityPolicy(
  options: ({ nonce: string } | { scriptHashes: string[] }) & {
    sources?: readonly ContentSecuritySources[];
    upgradeInsecure: boolean;
  },
) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...('nonce' in options ? [`'nonce-${options.nonce}'`] : options.scriptHashes)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // The contact page's map: the hosts its setting may name (isMapEmbedAddress).
    'frame-src': ["'self'", 'https://www.youtube-nocookie.com', ...mapEmbedHosts.map((host) => `https://${host}`)],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  for (const sources of options.sources ?? []) {
    for (const [name, values] of Object.entries(sources)) directives[name]?.push(...values);
  }
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.upgradeInsecure) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}
