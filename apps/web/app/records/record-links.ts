import { appUrl } from '../kernel/file-url';

// Kept free of runtime imports from @pest/contracts: those carry zod into the browser bundle,
// and the home page lists record links without needing it.

/**
 * A record page's address; `list` is the search list's own query (term, types, view, page) the
 * record was opened from, kept so its "back to the list" link returns there (decision 0186).
 */
export function recordDetailHref(id: number, list?: string): string {
  const state = list ? listState(list) : '';
  return state ? `/search/bug/detail?id=${id}&list=${encodeURIComponent(state)}` : `/search/bug/detail?id=${id}`;
}

/** A record's printable factsheet (decision 0187). */
export function factsheetHref(id: number): string {
  return `/search/bug/factsheet?id=${id}`;
}

/** The list query keys a record page carries back, each with the longest value it may have. */
const listKeys = { term: 100, ty: 7, view: 4, page: 5 } as const;

/**
 * The search list's state from a `list` value: only its own keys, each short, so the back link
 * can only lead to the search list (the list page validates the values itself).
 */
export function listState(list: string | null | undefined): string {
  if (!list) return '';
  const from = new URLSearchParams(list);
  const kept = new URLSearchParams();
  for (const [key, max] of Object.entries(listKeys)) {
    const value = from.get(key);
    if (value && value.length <= max) kept.set(key, value);
  }
  return kept.toString();
}

/** The search list a record page goes back to: the one it came from, or the plain list. */
export function backToListHref(list: string | null | undefined): string {
  const state = listState(list);
  return state ? `/search/bug?${state}` : '/search/bug';
}

/** The longest wizard step a record page carries back: the crop, the level and its choices. */
const wizardMaxChoices = 10;
const wizardNumber = /^[1-9]\d{0,8}$/;

/**
 * The wizard step a record was opened from (`wizard`, the step's own query, decision 0371): only
 * the crop, the level and the choices, each a plain number, so the link back can only lead to a
 * wizard step (the wizard checks the step against its tree itself).
 */
export function wizardState(value: string | null | undefined): string {
  if (!value) return '';
  const from = new URLSearchParams(value);
  const id = from.get('id') ?? '';
  const level = from.get('level') ?? '';
  const chosen = from.getAll('o');
  if (!wizardNumber.test(id) || (level !== '' && !wizardNumber.test(level))) return '';
  if (chosen.length > wizardMaxChoices || !chosen.every((option) => wizardNumber.test(option))) return '';
  const kept = new URLSearchParams({ id });
  if (level) kept.set('level', level);
  for (const option of chosen) kept.append('o', option);
  return kept.toString();
}

/** The wizard step a record page goes back to, or null when it was not opened from the wizard. */
export function backToWizardHref(wizard: string | null | undefined): string | null {
  const state = wizardState(wizard);
  return state ? `/consultation?${state}` : null;
}

/** Picture URLs come from the server without the base path ('files/records/…'). */
export function pictureUrl(url: string): string {
  return /^(https?:)?\/\//.test(url) ? url : appUrl(url);
}

export const newWindowHint = '（在新視窗開啟）';

/** Widths of the stored picture variants (made at upload by the records feature). */
export const pictureVariantWidths = { thumb: 160, mod: 480 } as const;

/** The `_mod` address of a `_thumb` address: the variants differ only by their suffix. */
export function modFromThumb(thumbUrl: string): string {
  return thumbUrl.replace(/_thumb(\.[A-Za-z0-9]+)(\?|$)/, '_mod$1$2');
}

/** srcSet offering the thumbnail and the medium variant, so sharp screens get the sharper one. */
export function thumbSrcSet(thumbUrl: string, modUrl = modFromThumb(thumbUrl)): string {
  return `${pictureUrl(thumbUrl)} ${pictureVariantWidths.thumb}w, ${pictureUrl(modUrl)} ${pictureVariantWidths.mod}w`;
}
