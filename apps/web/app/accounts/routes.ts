import { route } from '@react-router/dev/routes';

/** Member accounts' pages, and the guard on the storefront's inquiry area (/download guards itself). */
export const accountsRoutes = [
  route('login', 'accounts/login-route.tsx'),
  route('register', 'accounts/register-route.tsx'),
  route('member', 'accounts/member-route.tsx'),
  route('member/personal-data', 'accounts/privacy/personal-data-route.tsx'),
  route('member/delete', 'accounts/privacy/delete-account-route.tsx'),
  route('forgot-password', 'accounts/forgot-password-route.tsx'),
  route('reset-password', 'accounts/reset-password-route.tsx'),
  route('confirm-email', 'accounts/confirm-email-route.tsx'),
  route('stop-email-change', 'accounts/stop-email-change-route.tsx'),
  route('logout', 'accounts/logout-route.tsx'),
];
