import { createContext, useContext } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

/** Provides the request's CSP nonce during server rendering; undefined in the browser. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
