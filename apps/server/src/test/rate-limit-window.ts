/**
 * Budgets count in fixed windows aligned to the clock (platform/http/rate-limit/shared-rate-counter.ts):
 * a test whose requests straddle a window's end would see its count start again. Waits, when
 * needed, so that at least 15 s of the window are left (on a busy runner such a test took a second).
 */
export async function startWellInsideWindow(windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
