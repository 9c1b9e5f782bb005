import { parseWithZod } from '@conform-to/zod/v4';
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
  send: (value: Record<string, unknown>) => Promise<string>,
) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value as Record<string, unknown>;
  const to = await adminCall(request, async () => {
    try {
      return await send(value);
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
