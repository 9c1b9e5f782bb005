/** The unique index a PostgreSQL unique violation (23505) broke, looking through Drizzle's wrapper. */
export function uniqueViolationOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
