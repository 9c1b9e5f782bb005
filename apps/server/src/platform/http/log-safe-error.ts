/** How an error is written to the log (the logger's `err` serializer). Why: decision 0320. */
export function logSafeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(error)) {
    if (name === 'params' || name === 'detail' || name === 'cause' || name === 'query') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[name] = value;
  }
  const cause = depth < 5 && error.cause !== undefined ? { cause: logSafeError(error.cause, depth + 1) } : {};
  return {
    type: error.constructor.name,
    message: withoutParameters(error.message),
    stack: withoutParameters(error.stack ?? ''),
    ...fields,
    ...cause,
  };
}

/** Drizzle's "Failed query: …\nparams: …" without the parameters (they end where the stack's frames begin). */
function withoutParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

/** The logger's `err` serializer (Fastify's option type). */
export const errSerializer = (error: Error) =>
  logSafeError(error) as { type: string; message: string; stack: string; [key: string]: unknown };
