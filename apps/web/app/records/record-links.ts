import { appUrl } from '../kernel/file-url';

// Kept free of runtime imports from @pest/contracts: those carry zod into the browser bundle,
// and the home page lists record links without needing it.

export function recordDetailHref(id: number): string {
  return `/search/bug/detail?id=${id}`;
}

/** Picture URLs come from the server without the base path ('files/records/…'). */
export function pictureUrl(url: string): string {
  return /^(https?:)?\/\//.test(url) ? url : appUrl(url);
}

export const newWindowHint = '（在新視窗開啟）';

/** Widths of the stored picture variants (made at upload by the records feature, spec §7 "Images"). */
export const pictureVariantWidths = { thumb: 160, mod: 480 } as const;

/** The `_mod` address of a `_thumb` address: the variants differ only by their suffix (spec §7). */
export function modFromThumb(thumbUrl: string): string {
  return thumbUrl.replace(/_thumb(\.[A-Za-z0-9]+)(\?|$)/, '_mod$1$2');
}

/** srcSet offering the thumbnail and the medium variant, so sharp screens get the sharper one. */
export function thumbSrcSet(thumbUrl: string, modUrl = modFromThumb(thumbUrl)): string {
  return `${pictureUrl(thumbUrl)} ${pictureVariantWidths.thumb}w, ${pictureUrl(modUrl)} ${pictureVariantWidths.mod}w`;
}
