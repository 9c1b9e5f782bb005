import { normaliseSearchText } from '../../platform/search/normalise-search-text';
import { asLines, normaliseLines, searchGrams } from '../../platform/search/search-grams';

/** The parts of a case that the archive search reads. */
export interface SearchableCase {
  cropName: string;
  countyName: string;
  townshipName: string;
  description: string;
  /** The reply as stored (sanitised HTML), or null. */
  replyHtml: string | null;
}

/** Text of sanitised HTML for searching: tags dropped, the few entities the sanitiser writes decoded. */
export function htmlToSearchText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(lt|gt|quot|#39|nbsp|amp);/g, (_match, name: string) =>
      name === 'lt'
        ? '<'
        : name === 'gt'
          ? '>'
          : name === 'quot'
            ? '"'
            : name === '#39'
              ? "'"
              : name === 'nbsp'
                ? ' '
                : '&',
    );
}

/**
 * The `consultation_case_search` row of a case: the records' text rules and grams (platform/search),
 * the crop and place as names, the description and reply as body text (decision 0160).
 */
export function caseSearchEntry(entry: SearchableCase) {
  const cropKey = normaliseSearchText(entry.cropName);
  const names = normaliseLines([entry.cropName, entry.countyName, entry.townshipName]);
  const body = normaliseLines([entry.description, htmlToSearchText(entry.replyHtml ?? '')]);
  return {
    cropKey,
    nameKey: asLines(names),
    bodyKey: body.join('\n'),
    grams: searchGrams({ names, body }),
  };
}
