/**
 * The Content-Security-Policy of every HTML page: scripts only from this origin or carrying
 * the request's nonce (React Router's inline hydration scripts get it) — or, for a page served
 * from the page cache, whose bytes never change, matching one of the page's inline-script hashes
 * (decision 0056) — plus Google's tag hosts only when analytics is switched on in the system settings.
 */
export function buildContentSecurityPolicy(
  options: ({ nonce: string } | { scriptHashes: string[] }) & { analytics: boolean; upgradeInsecure: boolean },
) {
  const google = options.analytics
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']
    : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...('nonce' in options ? [`'nonce-${options.nonce}'`] : options.scriptHashes),
      ...google.slice(0, 1),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...google],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...google],
    'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://www.google.com', 'https://maps.google.com'],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.upgradeInsecure) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}
