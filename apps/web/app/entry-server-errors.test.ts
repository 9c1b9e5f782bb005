import { data } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleError } from './entry.server';

/** What React Router hands handleError for a response a route or the router itself threw. */
async function routeErrorResponse(status: number) {
  const { createStaticHandler } = await import('react-router');
  const handler = createStaticHandler([
    { id: 'root', path: '/', loader: () => Promise.reject(data(null, { status })) },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('expected a context');
  return context.errors?.root;
}

describe('server error log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes nothing for a client error (405, 404, 400) and the stack of a server failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const request = new Request('http://localhost/', { method: 'POST' });
    for (const status of [400, 404, 405]) handleError(await routeErrorResponse(status), { request });
    expect(log).not.toHaveBeenCalled();
    const failure = new Error('database down');
    handleError(failure, { request });
    expect(log).toHaveBeenCalledWith(failure);
  });

  it('tells the server of each error first, and writes no stack for one it logged as an outage', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const request = new Request('http://localhost/');
    const outage = new Error('connect ECONNREFUSED');
    const other = new Error('a bug');
    const reportError = vi.fn((error: unknown) => error === outage);
    handleError(outage, { request, context: { reportError } });
    handleError(other, { request, context: { reportError } });
    expect(reportError.mock.calls).toEqual([[outage], [other]]);
    expect(log.mock.calls).toEqual([[other]]);
  });

  it('writes nothing for a request the client gave up', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    handleError(new Error('aborted'), { request: new Request('http://localhost/', { signal: controller.signal }) });
    expect(log).not.toHaveBeenCalled();
  });
});
