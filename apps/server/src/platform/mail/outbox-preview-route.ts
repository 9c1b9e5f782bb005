import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../auth/authorize';
import { AppError } from '../http/app-error';
import { personalCacheControl } from '../http/cache-control';
import { mailOutbox } from './mail-outbox.schema';

/**
 * The policy of a mail's preview: nothing runs, nothing is fetched but pictures of this site and inline styles, no
 * form posts, and only the site's own screens may frame it (decision 0378).
 */
export const outboxPreviewPolicy =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

/**
 * A written mail's HTML as its recipient will see it, for the outbox's detail screen to frame
 * (admins only, as the outbox; a sent mail's content is the recipient's alone, so 404).
 */
export async function outboxPreviewRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/admin/outbox/:id/preview',
    {
      schema: {
        tags: ['admin'],
        summary: "A mail written to a file, as HTML under a strict policy, for the outbox's sandboxed preview (admins)",
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      const [row] = await app.db
        .select({ html: mailOutbox.html, state: mailOutbox.state })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, request.params.id));
      if (!row || row.state !== 'written' || !row.html) throw AppError.notFound('找不到可預覽的郵件內容');
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', outboxPreviewPolicy)
        .header('cache-control', personalCacheControl)
        .send(row.html);
    },
  );
}
