import * as contracts from '@pest/contracts';
import { isAdminContract, type AdminContract } from '@pest/contracts';
import { data } from 'react-router';

/**
 * Every admin contract the contracts package exports, by name: the screens find a resource's
 * schemas here (the browser validates with the same ones the server does), with no list to keep.
 */
const exported: unknown[] = Object.values(contracts);
const byName = new Map<string, AdminContract>(
  exported.filter(isAdminContract).map((contract) => [contract.name, contract]),
);

/** The contract of the resource in the address, or the 404 page. */
export function adminContract(name: string | undefined): AdminContract {
  const contract = name ? byName.get(name) : undefined;
  if (!contract) throw data({ message: '找不到此管理項目' }, { status: 404 });
  return contract;
}
