import { parseWithZod } from '@conform-to/zod/v4';
import { adminUploadIssuesField } from '@pest/contracts';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { adminCall, isServiceError } from './admin-errors';

/**
 * A create or edit form's action: validates with the contract (the same schema the browser used),
 * then hands the value to the admin gateway, which checks roles and validates again. Field errors
 * from either come back beside the fields (400); a refusal about the whole row (a 409) above the
 * form; not signed in → the login page; anything else → the error page.
 */
export async function submitAdminForm(
  request: Request,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: z.ZodObject<any>,
  send: (value: Record<string, unknown>, formData: FormData) => Promise<string>,
) {
  const formData = await request.formData();
  const uploadIssues = readUploadIssues(formData);
  const submission = parseWithZod(formData, { schema });
  if (uploadIssues.length > 0) {
    // A refused file (read by the upload pipeline before this action): shown beside its field with the form's other problems.
    const fieldErrors: Record<string, string[]> = {};
    const earlier = submission.status === 'error' ? submission.error : null;
    for (const [name, errors] of Object.entries(earlier ?? {})) if (errors) fieldErrors[name] = errors;
    for (const issue of uploadIssues) fieldErrors[issue.path] = [issue.message];
    return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value as Record<string, unknown>;
  const to = await adminCall(request, async () => {
    try {
      return await send(value, formData);
    } catch (error) {
      if (isServiceError(error) && (error.statusCode === 400 || error.statusCode === 409)) return error;
      throw error;
    }
  });
  if (typeof to === 'string') return redirect(to, 303);
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of to.issues ?? []) (fieldErrors[issue.path] ??= []).push(issue.message);
  const formErrors = to.issues?.length ? [] : [to.message];
  return data({ result: submission.reply({ fieldErrors, formErrors }) }, { status: to.statusCode });
}

/** The files the server refused for this form (admin-form-uploads.ts on the server), taken out of the form. */
function readUploadIssues(formData: FormData): Array<{ path: string; message: string }> {
  const raw = formData.get(adminUploadIssuesField);
  formData.delete(adminUploadIssuesField);
  if (typeof raw !== 'string') return [];
  try {
    const issues: unknown = JSON.parse(raw);
    return Array.isArray(issues)
      ? issues.filter(
          (issue): issue is { path: string; message: string } =>
            typeof issue?.path === 'string' && typeof issue?.message === 'string',
        )
      : [];
  } catch {
    return [];
  }
}
