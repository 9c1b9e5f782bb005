// The accounts feature's public module: what the shell and other features may import from it.
export { HeaderMemberLinks } from './header-member-links';
export { useMemberDefaultNewsTab } from './default-news-tab';
export { fetchProductApi, loginHref, refreshMemberSession, useMemberSession } from './member-session';
export { loginRedirect } from './require-member';
// The robot check for other features' forms (the consultation form).
export { AltchaField } from './altcha-field';
export { apiUrl } from './member-session';
