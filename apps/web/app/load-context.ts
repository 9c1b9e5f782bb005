import type { RequestContext } from '@pest/server/features';
import type { AppLoadContext } from 'react-router';

declare module 'react-router' {
  // The server (apps/server/src/platform/ssr) passes a RequestContext to every loader and action;
  // declaration merging needs the interface form.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

export type { AppLoadContext };
