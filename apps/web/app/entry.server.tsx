import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceProvider } from './kernel/nonce';

export const streamTimeout = 5_000;

/**
 * React Router logs every error of a request with its stack, the client's 4xx included (a POST
 * to a page without a form is a 405): a flood of them filled the log. Only the server's own
 * failures are worth a stack; an aborted request is not a failure either. The server hears of
 * each error first: a database outage, which it logs as one warning, makes the page a 503 or its
 * stored copy (decision 0345).
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: Pick<AppLoadContext, 'reportError'> },
) {
  if (context?.reportError(error)) return;
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

/**
 * Renders the whole page before sending (onAllReady), so every public page is complete in its
 * first HTML response; the request's CSP nonce goes on every inline script.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the page is complete: a pending timer would keep the whole render (tree,
    // loader data) in memory for seconds after it was sent, per request.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          clearTimeout(abortTimer);
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
