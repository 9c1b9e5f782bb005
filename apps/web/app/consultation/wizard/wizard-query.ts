import { recordId } from '@pest/contracts';
import { badRequest } from '../../ui/not-found';

/** Deeper than any tree: an address with more choices is refused before it reaches the database. */
const maxChoices = 10;

export interface WizardQuery {
  cropId: number | null;
  chosen: number[];
  level: number | null;
}

/**
 * Reads a wizard step from the page address (decision 0151) with the shared id schema: a
 * malformed `id`, `level` or `o` is a 400 page, never coerced into another step.
 */
export function parseWizardQuery(searchParams: URLSearchParams): WizardQuery {
  const id = (value: string) => {
    const parsed = recordId.safeParse(value);
    if (!parsed.success) throw badRequest('網址中的編號格式有誤，請確認網址後再試。');
    return parsed.data;
  };
  const crop = searchParams.get('id');
  const level = searchParams.get('level');
  const chosen = searchParams.getAll('o').map(id);
  if (chosen.length > maxChoices) throw badRequest();
  const cropId = crop === null || crop === '' ? null : id(crop);
  if (cropId === null && (chosen.length > 0 || level !== null)) throw badRequest('請先選擇作物。');
  return { cropId, chosen, level: level === null || level === '' ? null : id(level) };
}
