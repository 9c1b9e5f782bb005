import { describe, expect, it } from 'vitest';
import { logSafeError } from './log-safe-error';
import { redactedUrl, requestCompletedLine } from './request-log';

describe('the request log line', () => {
  it('keeps one-time tokens and contact details out of the logged address', () => {
    expect(requestCompletedLine('GET', '/reset-password?token=abc123', 200, 1.234)).toEqual({
      method: 'GET',
      url: '/reset-password?token=[redacted]',
      statusCode: 200,
      responseTime: 1.2,
    });
    expect(redactedUrl('/consultation/case?id=7&token=s3cr3t&x=1')).toBe(
      '/consultation/case?id=7&token=[redacted]&x=1',
    );
    expect(redactedUrl('/api/v1/x?Email=a%40b.tw&access_token=zz&t=q')).toBe(
      '/api/v1/x?Email=[redacted]&access_token=[redacted]&t=[redacted]',
    );
    expect(redactedUrl('/x?%74oken=zz')).toBe('/x?%74oken=[redacted]');
    expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=[redacted]');
    // The spec's order lookup by phone number carries it in the path.
    expect(redactedUrl('/api/v1/orders-by-members-cellphone/0912345678?page=1')).toBe(
      '/api/v1/orders-by-members-cellphone/[redacted]?page=1',
    );
    expect(redactedUrl('/pest/api/v1/Orders-By-Members-Cellphone/0912%20345678')).toBe(
      '/pest/api/v1/Orders-By-Members-Cellphone/[redacted]',
    );
  });

  it('leaves addresses without secrets as they were sent', () => {
    expect(redactedUrl('/search/bug?term=%E7%82%AD%E7%96%BD&page=2')).toBe(
      '/search/bug?term=%E7%82%AD%E7%96%BD&page=2',
    );
    expect(redactedUrl('/search/bug/detail?id=12')).toBe('/search/bug/detail?id=12');
    expect(redactedUrl('/')).toBe('/');
    expect(redactedUrl('/x?flag')).toBe('/x?flag');
  });
});

describe('errors in the log', () => {
  it('leave out the parameters of a failed query and the conflicting values PostgreSQL repeats', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "members_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.org) already exists.',
      constraint: 'members_email_key',
    });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "members" ("email", "phone") values ($1, $2)\nparams: someone@example.org,0912345678',
        {
          cause,
        },
      ),
      {
        query: 'insert into "members" ("email", "phone") values ($1, $2)',
        params: ['someone@example.org', '0912345678'],
      },
    );
    const logged = JSON.stringify(logSafeError(failed));
    expect(logged).not.toContain('someone@example.org');
    expect(logged).not.toContain('0912345678');
    expect(logSafeError(failed)).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "members" ("email", "phone") values ($1, $2)\nparams: [redacted]',
      cause: { code: '23505', constraint: 'members_email_key', message: expect.stringContaining('duplicate key') },
    });
    expect(logged).toContain('at ');
  });
});
