import { route } from '@react-router/dev/routes';

/** The pest alerts' pages (decisions 0402–0404). */
export const alertsRoutes = [
  route('alerts', 'alerts/alerts-route.tsx'),
  route('alerts/confirm', 'alerts/alert-token-route.tsx', { id: 'alerts-confirm' }),
  route('alerts/unsubscribe', 'alerts/alert-token-route.tsx', { id: 'alerts-unsubscribe' }),
  // 取消 on /member's 「我的通知」 (decision 0426).
  route('member/alerts', 'alerts/member-alerts-route.tsx'),
];
