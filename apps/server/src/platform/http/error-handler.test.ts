import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { errorHandlerPlugin } from './error-handler';

const secret = 'password=hunter2 at /srv/pest/internal/db.ts:42';
const genericInternal = { error: { code: 'INTERNAL_ERROR', message: '伺服器發生錯誤，請稍後再試' } };

/** A bare Fastify instance with only the central error handler and routes that fail in each way. */
async function buildFailingApp(logLines: string[]): Promise<FastifyInstance> {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream: logStream }, bodyLimit: 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/throws', async () => {
    throw new Error(`connection refused: ${secret}`);
  });
  typed.get('/throws-bad-gateway', async () => {
    throw Object.assign(new Error(`upstream said ${secret}`), { statusCode: 502 });
  });
  typed.get('/throws-non-error', async () => {
    // A library may throw anything, not only Error instances.
    throw { detail: secret };
  });
  typed.get('/bad-value-in-sql', async () => {
    // What Drizzle throws when PostgreSQL refuses a value: the driver's error as the cause.
    throw new Error('Failed query: select … params: a\u0000b', {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
  });
  typed.get('/gone-row-in-sql', async () => {
    // Another request deleted the row this write refers to (PostgreSQL's foreign_key_violation).
    throw new Error('Failed query: insert into "ipm_files" …', {
      cause: Object.assign(new Error('insert or update violates foreign key constraint'), { code: '23503' }),
    });
  });
  typed.get('/database-down', async () => {
    // What Drizzle throws while PostgreSQL is stopped: the driver's connection error as the cause.
    throw new Error('Failed query: select … from "records"', {
      cause: Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:5432 ${secret}`), { code: 'ECONNREFUSED' }),
    });
  });
  typed.get('/database-shutting-down', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  typed.get('/store-down', async () => {
    // The S3 client's error when the store answers 503.
    throw Object.assign(new Error('Service Unavailable'), {
      name: 'ServiceUnavailable',
      $metadata: { httpStatusCode: 503 },
    });
  });
  typed.get('/missing', async () => {
    throw AppError.notFound('找不到這筆資料');
  });
  typed.post(
    '/validated',
    { schema: { body: z.object({ name: z.string().min(1, { error: '請輸入名稱' }), age: z.number().int() }) } },
    async (request) => ({ ok: request.body.name }),
  );
  await app.ready();
  return app;
}

describe('central error handler', () => {
  let app: FastifyInstance;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await buildFailingApp(logLines);
  });
  afterAll(() => app.close());

  it('answers an unexpected error with a generic 500 that leaks nothing, and logs the error', async () => {
    const response = await app.inject({ method: 'GET', url: '/throws' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual(genericInternal);
    expect(response.body).not.toMatch(/hunter2|\/srv\/|stack|Error:/);
    expect(logLines.join('')).toContain('hunter2');
  });

  it('treats a 5xx from a library like any unexpected error', async () => {
    const response = await app.inject({ method: 'GET', url: '/throws-bad-gateway' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(genericInternal);
  });

  it('handles a thrown non-Error value without leaking it', async () => {
    const response = await app.inject({ method: 'GET', url: '/throws-non-error' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
  });

  it('answers a value PostgreSQL refuses (SQLSTATE class 22) with 400, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/bad-value-in-sql' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: '請求格式有誤' } });
  });

  it('answers a write whose referred row is gone (foreign-key violation) with 409, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/gone-row-in-sql' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: '相關資料剛被變更或刪除，請重新整理後再試' },
    });
  });

  it('answers an outage of the database or the file store with 503 and Retry-After, leaking nothing', async () => {
    for (const url of ['/database-down', '/database-shutting-down', '/store-down']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe('10');
      expect(response.json(), url).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: '系統暫時無法使用，請稍後再試' },
      });
      expect(response.body).not.toContain('hunter2');
    }
  });

  it('passes an AppError through with its status, code and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: '找不到這筆資料' } });
  });

  it('turns a zod validation failure into a 400 naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/validated', payload: { name: '', age: 1.5 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe('name：請輸入名稱');
    expect(body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(['name', 'age']);
  });

  it('answers malformed JSON with a Chinese 400 instead of the parser message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: '請求格式有誤' } });
  });

  it('answers an oversized body with 413 and an unsupported type with 415', async () => {
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2048), age: 1 }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: '資料量過大' } });

    const wrongType = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'name=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
