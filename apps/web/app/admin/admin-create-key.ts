/**
 * A create form's key (decision 0276): made by the create screen's loader, sent back in a hidden
 * field, and handed to the admin gateway, so a retried or double-clicked post of the same form
 * creates one row. No contract has a field of this name.
 */
export const createKeyField = '_createKey';

/** A new key, for a create screen's loader. */
export function newCreateKey(): string {
  return crypto.randomUUID();
}

/** The key a create form sent; undefined when it sent none. */
export function createKeyOf(formData: FormData): string | undefined {
  const key = formData.get(createKeyField);
  return typeof key === 'string' ? key : undefined;
}
