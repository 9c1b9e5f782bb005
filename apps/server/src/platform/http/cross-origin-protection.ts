import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for every state-changing request, by the browser's own provenance headers: Sec-Fetch-Site when the
 * browser sends it, otherwise Origin compared with Host. Why: decision 0004.
 */
export const crossOriginProtectionPlugin = fp(async function crossOriginProtection(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string') {
      if (fetchSite === 'same-origin' || fetchSite === 'none') return;
      throw AppError.forbidden('拒絕跨站請求');
    }
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || origin === 'null') {
      if (origin === 'null') throw AppError.forbidden('拒絕跨站請求');
      return;
    }
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw AppError.forbidden('拒絕跨站請求');
    }
    if (originHost !== request.host) throw AppError.forbidden('拒絕跨站請求');
  });
});
