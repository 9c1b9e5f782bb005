/*
 * The spec's browser storage: a "remember me" flag and the last account signed in with, so
 * the sign-in form can fill the account in. Only the account name is kept, never a password or a
 * session (those live in the httpOnly cookie).
 */
const rememberKey = 'pest.login.remember';
const accountKey = 'pest.login.account';

export function readLastAccount(): { remember: boolean; account: string } {
  try {
    const remember = window.localStorage.getItem(rememberKey) === 'true';
    return { remember, account: remember ? (window.localStorage.getItem(accountKey) ?? '') : '' };
  } catch {
    return { remember: false, account: '' };
  }
}

export function storeLastAccount(remember: boolean, account: string): void {
  try {
    if (remember) {
      window.localStorage.setItem(rememberKey, 'true');
      window.localStorage.setItem(accountKey, account.trim());
    } else {
      window.localStorage.removeItem(rememberKey);
      window.localStorage.removeItem(accountKey);
    }
  } catch {
    // Storage refused (private mode): the form still works, only unfilled next time.
  }
}
