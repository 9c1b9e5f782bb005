/** The map hosts the Content-Security-Policy lets the page frame (platform/ssr/content-security-policy.ts). */
const mapHosts = new Set(['www.google.com', 'maps.google.com']);

/**
 * The contact page's map (spec §2: the address of the iframe is the system setting `service_gmap`):
 * only an https address of a map host becomes a frame; anything else shows no map.
 */
export function mapFrameAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && mapHosts.has(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}
