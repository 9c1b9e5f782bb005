import { membersAdminContract } from '@pest/contracts';
import { defineAdminResource } from '../platform/admin/admin-resource';
import type { AccountsServices } from './accounts-services';
import type { MemberSort } from './services/list-members';

/** Members in /admin, for admins: the accounts services do every write (audited, sessions ended). */
export function membersAdminResource(accounts: AccountsServices) {
  return defineAdminResource({
    contract: membersAdminContract,
    roles: ['admin'],
    personalDataRoles: ['admin'],
    async list(query) {
      const { items, ...page } = await accounts.listMembers(
        {
          ...(query.filters.q ? { query: query.filters.q } : {}),
          ...(query.filters.role ? { role: query.filters.role } : {}),
          page: query.page,
          pageSize: query.pageSize,
        },
        // The contract lets only these columns through (parseAdminListQuery).
        query.sort as MemberSort,
      );
      return { rows: items, ...page };
    },
    get: (id) => accounts.getMemberForStaff(Number(id)),
    update: (id, input, actor) => accounts.setMemberAccess(actor, Number(id), input),
    actions: {
      disable: (id, actor) => accounts.disableMember(actor, Number(id)),
      enable: (id, actor) => accounts.enableMember(actor, Number(id)),
    },
  });
}
