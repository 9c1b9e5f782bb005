// The accounts feature's public module: what the shell and other features may import from it.
export { HeaderMemberLinks } from './header-member-links';
export { useMemberDefaultNewsTab } from './default-news-tab';
export { fetchProductApi, loginHref, refreshMemberSession, useMemberSession } from './member-session';
export { loginRedirect } from './require-member';
export { loadMemberPrefill, type MemberPrefill } from './member-prefill';
export { apiUrl } from './member-session';
