import { pesticideImportsAdminContract } from '@pest/contracts';
import { data } from 'react-router';

/** The admin resource these screens belong to (/admin/pesticide-imports). */
export const importsResource = pesticideImportsAdminContract.name;
export const importsPath = `/admin/${importsResource}`;

/** An import's id from the address, or the 400 page. */
export function importId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw data({ message: '編號格式有誤' }, { status: 400 });
  return id;
}
