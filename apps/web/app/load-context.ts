import type { RequestContext } from '@pest/server/services';
import type { AppLoadContext } from 'react-router';

declare module 'react-router' {
  // The server (apps/server/src/platform/ssr) passes a RequestContext to every loader and action.
  interface AppLoadContext extends RequestContext {}
}

export type { AppLoadContext };
