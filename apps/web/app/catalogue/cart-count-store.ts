import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { fetchProductApi, useMemberSession } from '../accounts';

/*
 * The header's cart count: a value starting at 0, set to the cart list's length — the
 * number of lines, not the sum of quantities — after every fetch. Fetched after the page loads
 * (pages are cached and shared, decision 0057) with the spec's calls: the member's id from
 * members/auth, then shopping-carts-by-members-id/{id}.
 */

let count = 0;
let memberId: number | null = null;
const listeners = new Set<() => void>();

function publish(next: number) {
  count = next;
  for (const listener of listeners) listener();
}

/** Fetches the cart again and sets the count to its number of lines. */
export async function refreshCartCount(): Promise<void> {
  try {
    if (memberId === null) {
      const auth = await fetchProductApi('api/v1/members/auth', { method: 'POST' });
      if (!auth.ok) return publish(0);
      memberId = ((await auth.json()) as { data: { id: number } }).data.id;
    }
    const cart = await fetchProductApi(`api/v1/shopping-carts-by-members-id/${memberId}`);
    if (!cart.ok) {
      memberId = null;
      return publish(0);
    }
    publish(((await cart.json()) as { data: unknown[] }).data.length);
  } catch {
    // load failures are swallowed; the count stays as it was.
  }
}

/** The cart's number of lines for a signed-in member (null otherwise), fetched again on each navigation. */
export function useCartCount(): number | null {
  const session = useMemberSession();
  const location = useLocation();
  const signedIn = Boolean(session);
  useEffect(() => {
    if (signedIn) void refreshCartCount();
    else {
      memberId = null;
      publish(0);
    }
  }, [signedIn, location.key]);
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
    () => 0,
  );
  return signedIn ? value : null;
}
