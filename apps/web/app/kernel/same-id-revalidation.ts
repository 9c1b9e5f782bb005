import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * A detail page whose tabs live in the address (`?id=…&tab=…`): moving between tabs of the same
 * `id` needs no new request — the data is already here (and a record view is not counted twice).
 */
export function revalidateOnlyForAnotherId({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const sameId =
    currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get('id') === nextUrl.searchParams.get('id');
  return formMethod === undefined && sameId ? false : defaultShouldRevalidate;
}
