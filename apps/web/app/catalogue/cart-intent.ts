import { cartQty } from '@pest/contracts';
import type { AppLoadContext } from 'react-router';

/*
 * A visitor's 加入詢價清單 kept across the sign-in (decision 0366). The form post (CSRF-checked like
 * every post) stores the product, the quantity and a random nonce in an httpOnly cookie and sends the
 * visitor to sign in with a return address that carries the nonce. Back on the product page, signed
 * in, the loader adds the line only when the address's nonce matches the cookie's, clears the cookie
 * and redirects to the page without it: another site cannot plant the cookie, a reload adds nothing.
 */

const name = 'pest_cart_intent';
/** Half an hour to sign in (or sign up and confirm) before the intent is forgotten. */
const maxAgeSeconds = 30 * 60;

export interface CartIntent {
  productId: number;
  qty: number;
  nonce: string;
}

function attributes(context: AppLoadContext, maxAge: number): string {
  return [
    `Path=${context.config.basePath || '/'}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(context.config.publicUrl.startsWith('https:') ? ['Secure'] : []),
    `Max-Age=${maxAge}`,
  ].join('; ');
}

export function newCartIntent(productId: number, qty: number): CartIntent {
  return { productId, qty, nonce: crypto.randomUUID() };
}

/** Set-Cookie that keeps the intent. */
export function cartIntentCookie(context: AppLoadContext, intent: CartIntent): string {
  return `${name}=${intent.productId}.${intent.qty}.${intent.nonce}; ${attributes(context, maxAgeSeconds)}`;
}

/** Set-Cookie that forgets it. */
export function clearedCartIntentCookie(context: AppLoadContext): string {
  return `${name}=; ${attributes(context, 0)}`;
}

/** The intent this request's cookie holds for `productId` under `nonce`, or null. */
export function readCartIntent(request: Request, productId: number, nonce: string): CartIntent | null {
  const header = request.headers.get('cookie') ?? '';
  const raw = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const match = /^(\d{1,9})\.(\d{1,4})\.([0-9a-f-]{36})$/.exec(raw ?? '');
  if (!match || Number(match[1]) !== productId || match[3] !== nonce) return null;
  const qty = cartQty.safeParse(match[2]);
  return qty.success ? { productId, qty: qty.data, nonce } : null;
}
