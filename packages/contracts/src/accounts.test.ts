import { describe, expect, it } from 'vitest';
import { loginForm, registerForm, safeRedirectPath } from './accounts';
import { isCommonPassword } from './common-passwords';

describe('safeRedirectPath', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeRedirectPath('/download?type=3')).toBe('/download?type=3');
    expect(safeRedirectPath('/inquiry/cart#form')).toBe('/inquiry/cart#form');
  });

  it('keeps an encoded line break encoded (a path, never a header)', () => {
    expect(safeRedirectPath('/%0d%0aSet-Cookie:x')).toBe('/%0d%0aSet-Cookie:x');
  });

  it('turns anything that could leave the site into the home page', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'download',
      '/\nfoo',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe(
        value === '/%0d%0aSet-Cookie:x' ? '/%0d%0aSet-Cookie:x' : '/',
      );
    }
  });
});

describe('account forms', () => {
  it('refuse a mismatched confirmation beside the confirmation field, and common passwords', () => {
    const base = { name: '王小明', email: 'A@Example.org', account: 'Farmer_01', memberClass: 'fruit', altcha: 'x' };
    const mismatch = registerForm.safeParse({ ...base, password: 'Long-Enough-1', passwordConfirm: 'other' });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]?.path).toEqual(['passwordConfirm']);
    const ok = registerForm.parse({ ...base, password: 'Long-Enough-1', passwordConfirm: 'Long-Enough-1' });
    expect(ok).toMatchObject({ account: 'farmer_01', email: 'a@example.org' });
    expect(isCommonPassword('PASSWORD123')).toBe(true);
    expect(registerForm.safeParse({ ...base, password: 'password123', passwordConfirm: 'password123' }).success).toBe(
      false,
    );
  });

  it('sign-in accepts any account text but bounds the password', () => {
    expect(loginForm.parse({ account: ' Someone ', password: 'x' }).account).toBe('someone');
    expect(loginForm.safeParse({ account: 'a', password: 'x'.repeat(129) }).success).toBe(false);
  });
});
