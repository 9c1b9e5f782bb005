import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Browser features no page of the site uses, denied to the site and everything it embeds (an analytics tag, a YouTube
 * player). Why: decision 0064.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** A response header as name and value, in the order it is sent. */
export type HeaderPair = readonly [name: string, value: string];

/**
 * The security headers of every response, in one list that Fastify's hook and the page cache's fast path
 * (page-fast-path.ts) both send. Why: decision 0082.
 */
export function securityHeaders(options: { hsts: boolean }): HeaderPair[] {
  return [
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    // Not no-referrer: with it browsers send `Origin: null` on the site's own form posts, which React Router refuses
    // as a possible CSRF. Why: decision 0125.
    ['referrer-policy', 'same-origin'],
    ...(options.hsts ? [['strict-transport-security', 'max-age=15552000; includeSubDomains'] as const] : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
    ['permissions-policy', permissionsPolicy],
  ];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every response carries (securityHeaders()). */
    securityHeaders: readonly HeaderPair[];
  }
}

/** Sets the security headers on a reply; also used where no hook runs (framework errors). */
export function setSecurityHeaders(reply: FastifyReply): FastifyReply {
  const headers =
    (reply.server as { securityHeaders?: readonly HeaderPair[] }).securityHeaders ?? securityHeaders({ hsts: false });
  for (const [name, value] of headers) reply.header(name, value);
  return reply;
}

/** Sends the security headers on every response. */
export const securityHeadersPlugin = fp(async function securityHeadersHook(
  app: FastifyInstance,
  options: { hsts: boolean },
) {
  const headers = securityHeaders(options);
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.header(name, value);
  });
});
