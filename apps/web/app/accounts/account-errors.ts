import { accountMessages } from '@pest/contracts';

/** An AppError from a service, recognised by shape (the web bundle has its own module graph). */
export function serviceErrorMessage(error: unknown): { status: number; message: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { statusCode, message } = error as { statusCode?: unknown; message?: unknown };
  if (typeof statusCode !== 'number' || statusCode >= 500 || typeof message !== 'string') return null;
  return { status: statusCode, message };
}

/** Which form field a service's message belongs beside (the rest are the form's own message). */
export function fieldOfMessage(message: string): string | null {
  if (message === accountMessages.accountTaken) return 'account';
  if (message === accountMessages.emailTaken) return 'email';
  if (message === accountMessages.wrongCurrentPassword) return 'currentPassword';
  if (message === accountMessages.robotCheckFailed || message === accountMessages.robotCheckRequired) return 'altcha';
  return null;
}

/** The reply options that put a service's 4xx message beside its field, or on the form. */
export function errorReply(error: unknown): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  const known = serviceErrorMessage(error);
  if (!known) throw error;
  const field = fieldOfMessage(known.message);
  return field ? { fieldErrors: { [field]: [known.message] } } : { formErrors: [known.message] };
}
