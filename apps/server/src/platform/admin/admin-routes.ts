import {
  adminFigureSchema,
  adminResourceSummarySchema,
  adminUploadFields,
  apiErrorSchema,
  productResponse,
  staffRoles,
  storedFileSchema,
  type Role,
} from '@pest/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../auth/authorize';
import { AppError } from '../http/app-error';
import { personalCacheControl } from '../http/cache-control';
import { receiveUploads } from '../uploads/receive-uploads';
import { sendUploadedFile } from '../uploads/send-uploaded-file';
import { storedFiles } from '../uploads/stored-files.schema';
import { createAdminGateway } from './admin-gateway';
import { adminUploadPolicy } from './admin-form-uploads';
import type { AnyAdminResource } from './admin-resource';

const resourceParams = z.object({ resource: z.string().max(64) });
const itemParams = resourceParams.extend({ id: z.string().max(64) });
const actionParams = itemParams.extend({ action: z.string().max(64) });
const uploadParams = resourceParams.extend({ field: z.string().max(64) });
const fileParams = z.object({ id: z.uuid({ error: '檔案編號格式有誤' }) });
const anyBody = z.record(z.string(), z.unknown()).describe("The resource's create or update contract");
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  405: apiErrorSchema,
};
const tags = ['admin'];

/** The generic admin API over every resource the features declare. Why: decision 0140. */
export async function adminRoutes(app: FastifyInstance, options: { resources: ReadonlyMap<string, AnyAdminResource> }) {
  const gateway = (request: FastifyRequest) => createAdminGateway(options.resources, request, app.db);
  const rolesByPurpose = new Map<string, Role[]>();
  for (const resource of options.resources.values()) {
    for (const schema of [resource.contract.create, resource.contract.update]) {
      for (const field of schema ? adminUploadFields(schema) : []) {
        const known = rolesByPurpose.get(field.upload.purpose) ?? [];
        rolesByPurpose.set(field.upload.purpose, [...new Set([...known, ...resource.roles])]);
      }
    }
  }
  // What staff see is theirs alone, whatever carried their credentials.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', personalCacheControl);
    return payload;
  });

  app.get(
    '/api/v1/admin/resources',
    {
      schema: {
        tags,
        summary: 'The admin resources the viewer may use',
        response: { 200: productResponse(z.array(adminResourceSummarySchema)), ...errors },
      },
    },
    async (request) => ({ data: await gateway(request).resources() }),
  );
  app.get(
    '/api/v1/admin/figures',
    {
      schema: {
        tags,
        summary:
          "What waits, by resource name: the admin home's counts (cases to answer, unhandled messages, failed jobs, imports to apply) of the resources the viewer may list",
        response: { 200: productResponse(z.record(z.string(), z.array(adminFigureSchema))), ...errors },
      },
    },
    async (request) => ({ data: await gateway(request).figures() }),
  );
  app.get(
    '/api/v1/admin/resources/:resource',
    {
      schema: {
        tags,
        summary: "One page of a resource's rows (page, pageSize, sort, direction and its filters in the query)",
        params: resourceParams,
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      },
    },
    async (request) => {
      const { resource } = request.params as z.infer<typeof resourceParams>;
      return { data: await gateway(request).list(resource, request.query as Record<string, string | string[]>) };
    },
  );
  app.post(
    '/api/v1/admin/resources/:resource',
    {
      schema: {
        tags,
        summary: 'Creates a row',
        description:
          'With an `Idempotency-Key` header (a UUID made once per form), a retried or repeated call answers with the row the first call created instead of creating another; the key is refused (409) for another resource or another staff member.',
        params: resourceParams,
        headers: z.looseObject({ 'idempotency-key': z.string().max(100).optional() }),
        body: anyBody,
      },
    },
    async (request, reply) => {
      const { resource } = request.params as z.infer<typeof resourceParams>;
      const key = request.headers['idempotency-key'];
      const created = await gateway(request).create(resource, request.body, typeof key === 'string' ? key : undefined);
      return reply.status(201).send({ data: created });
    },
  );
  app.get(
    '/api/v1/admin/resources/:resource/:id',
    { schema: { tags, summary: 'One row', params: itemParams } },
    async (request) => {
      const { resource, id } = request.params as z.infer<typeof itemParams>;
      return { data: await gateway(request).get(resource, id) };
    },
  );
  app.patch(
    '/api/v1/admin/resources/:resource/:id',
    { schema: { tags, summary: 'Changes a row', params: itemParams, body: anyBody } },
    async (request) => {
      const { resource, id } = request.params as z.infer<typeof itemParams>;
      await gateway(request).update(resource, id, request.body);
      return { data: { id } };
    },
  );
  app.post(
    '/api/v1/admin/resources/:resource/:id/:action',
    {
      schema: { tags, summary: "Runs one of the resource's row actions (a failed job's retry)", params: actionParams },
    },
    async (request) => {
      const { resource, id, action } = request.params as z.infer<typeof actionParams>;
      await gateway(request).act(resource, id, action);
      return { data: { id, action } };
    },
  );
  app.post(
    '/api/v1/admin/uploads/:resource/:field',
    {
      schema: {
        tags,
        summary:
          "Receives one file for a resource's file field (multipart, the file in a part named after the field); create or update the row with the returned id",
        params: uploadParams,
        response: { 201: productResponse(storedFileSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { resource: name, field } = request.params as z.infer<typeof uploadParams>;
      const resource = options.resources.get(name);
      if (!resource) throw AppError.notFound('找不到此管理項目');
      const gateway = createAdminGateway(options.resources, request, app.db);
      // Whoever may create or edit the resource may send its files.
      const operation = await gateway
        .allow(name, 'create')
        .then(() => 'create' as const)
        .catch(async (error: unknown) => {
          if (error instanceof AppError && error.statusCode === 405) {
            await gateway.allow(name, 'update');
            return 'update' as const;
          }
          throw error;
        });
      const upload = [
        ...adminUploadFields(resource.contract[operation] ?? z.object({})),
        ...adminUploadFields(resource.contract.update ?? z.object({})),
      ].find((candidate) => candidate.name === field)?.upload;
      if (!upload) throw AppError.notFound('此欄位不接受檔案');
      const received = await receiveUploads(request, { byField: { [field]: adminUploadPolicy(upload) } });
      const [file] = received.files;
      if (!file) throw AppError.badRequest('請選擇檔案');
      const { fieldName: _fieldName, ...summary } = file;
      return reply.status(201).send({ data: summary });
    },
  );
  app.get(
    '/api/v1/admin/files/:id',
    {
      schema: {
        tags,
        summary: 'A stored file as staff see it (the current file of a form field); never cached by others',
        params: fileParams,
      },
    },
    async (request, reply) => {
      await requireRole(request, ...staffRoles);
      const { id } = request.params as z.infer<typeof fileParams>;
      const [file] = await request.server.db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
      // Only files of a purpose some admin form takes, to those who may use that form. Why: decision 0140.
      const roles = file ? rolesByPurpose.get(file.purpose) : undefined;
      if (!file || !roles) throw AppError.notFound('找不到檔案');
      await requireRole(request, ...roles);
      return sendUploadedFile(request, reply, file);
    },
  );
  app.delete(
    '/api/v1/admin/resources/:resource/:id',
    { schema: { tags, summary: 'Deletes a row', params: itemParams } },
    async (request, reply) => {
      const { resource, id } = request.params as z.infer<typeof itemParams>;
      await gateway(request).remove(resource, id);
      return reply.status(204).send();
    },
  );
}
