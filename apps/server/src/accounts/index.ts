// The accounts feature's public module: what the app and other features may import from it.
export { accountsFeature } from './accounts-feature';
export type { AccountsServices, SignInOutcome, SignInRequest } from './accounts-services';
export type { MemberPage } from './services/list-members';
export type { StaffActor } from './staff-change';
// The robot check for other features' forms (the consultation form): spends a solution or refuses.
export { requireAltcha } from './accounts-routes';
export { listMemberNames, listMembersWithRole } from './services/list-staff-names';
// A member's confirmed address, for other features' part in a member's rights (decision 0307).
export { confirmedEmailOf } from './privacy/accounts-personal-data';
