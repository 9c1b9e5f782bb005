import { adminUploadFields, adminUploadIssuesField, isDocumentExtension, type AdminUpload } from '@pest/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../http/app-error';
import { routedPath } from '../http/routed-path';
import { receiveUploadsKeepingFields, type FieldUploadPolicies } from '../uploads/receive-uploads';
import { defineDocumentPolicy, definePhotoPolicy, type UploadPolicy } from '../uploads/upload-policy';
import type { Uploader } from '../uploads/identify-uploader';
import { createAdminGateway } from './admin-gateway';
import type { AnyAdminResource } from './admin-resource';

/** The upload pipeline's policy for an admin file field: documents stored as sent, photos re-encoded. */
export function adminUploadPolicy(upload: AdminUpload): UploadPolicy {
  return upload.rules.extensions.every(isDocumentExtension)
    ? defineDocumentPolicy(upload.purpose, upload.rules)
    : definePhotoPolicy(upload.purpose, upload.rules);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function adminFormUploadPolicies(schema: z.ZodObject<any> | undefined): FieldUploadPolicies | null {
  const fields = schema ? adminUploadFields(schema) : [];
  if (fields.length === 0) return null;
  return { byField: Object.fromEntries(fields.map((field) => [field.name, adminUploadPolicy(field.upload)])) };
}

/** The owner a staff member's upload is attached as (their member id; the address plays no part). */
export function staffUploader(actor: { memberId: number }): Uploader {
  return { memberId: actor.memberId, hash: '', hashes: [] };
}

/** The admin screens' create and edit forms with file fields (decision 0145). */
export function createAdminFormBodyRewriter(resources: ReadonlyMap<string, AnyAdminResource>, basePath: string) {
  // React Router matches decoded paths, its static segments in any case and with a trailing slash.
  // Why: decision 0298.
  const formPath = /^\/admin\/([a-z][a-z0-9-]*)\/(new|[^/]+\/edit)(?:\.data)?\/?$/i;
  return async function rewriteAdminFormBody(request: FastifyRequest): Promise<string | null> {
    const match = formPath.exec(routedPath(request.url, basePath));
    const resource = match ? resources.get(match[1]!) : undefined;
    if (!match || !resource) return null;
    const operation = match[2]!.toLowerCase() === 'new' ? 'create' : 'update';
    const policies = adminFormUploadPolicies(resource.contract[operation]);
    if (!policies) return null;
    try {
      await createAdminGateway(resources, request, request.server.db).allow(resource.contract.name, operation);
    } catch (error) {
      // The action refuses the same way, without reading a byte.
      if (error instanceof AppError) return null;
      throw error;
    }
    const received = await receiveUploadsKeepingFields(request, policies);
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(received.fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    // A file chosen now replaces the id of one received with an earlier try of the form.
    for (const file of received.files) body.set(file.fieldName, file.id);
    if (received.refusal?.issues) body.set(adminUploadIssuesField, JSON.stringify(received.refusal.issues));
    return body.toString();
  };
}
