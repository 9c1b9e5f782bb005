import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Browser features no page of the site uses, denied to the site and everything it embeds (an
 * analytics tag, a YouTube player). Photos for a consultation come from a file input, which opens
 * the camera without any permission. Only features Chromium knows are listed: an unknown one is
 * reported as a console error on every page.
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

/** The headers every response carries beyond helmet's: also set by hand where no hook runs. */
export function setSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('Permissions-Policy', permissionsPolicy).header('X-Content-Type-Options', 'nosniff');
}

/** Adds Permissions-Policy (and helmet's nosniff, for the replies made before helmet's hook) to every response. */
export const securityHeadersPlugin = fp(async function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    setSecurityHeaders(reply);
  });
});
