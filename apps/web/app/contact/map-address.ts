import { isMapEmbedAddress } from '@pest/contracts';

/**
 * The contact page's map:
 * only an https address of a map host the Content-Security-Policy lets the page frame becomes a
 * frame; anything else shows no map.
 */
export function mapFrameAddress(value: string | null | undefined): string | null {
  const address = value?.trim();
  return address && isMapEmbedAddress(address) ? new URL(address).href : null;
}
