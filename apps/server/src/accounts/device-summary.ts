import Bowser from 'bowser';

/**
 * A short summary of a User-Agent for the member's list of signed-in devices ("Chrome 120 ·
 * Android"): browser, its major version and the system, at most 60 characters, or null when
 * nothing is recognised. Only this is stored, never the whole string (decision 0294).
 */
export function summariseDevice(userAgent: string | null | undefined): string | null {
  const text = userAgent?.trim().slice(0, 512);
  if (!text) return null;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(text);
  } catch {
    return null;
  }
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const system = parsed.os.name ?? null;
  const summary = [browser, system].filter(Boolean).join(' · ');
  return summary === '' ? null : summary.slice(0, 60);
}
