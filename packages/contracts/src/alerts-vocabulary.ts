// The pest alerts' words the web shows without zod (its pages import this file, not alerts.ts, so the
// schemas stay out of the home page's JavaScript: apps/server/src/platform/ssr/page-javascript.test.ts).

export const alertChannels = ['push', 'email', 'line'] as const;
export const alertChannelLabels: Record<(typeof alertChannels)[number], string> = {
  push: '手機推播',
  email: '電子郵件',
  line: 'LINE',
};

export const memberAlertCancelMessages = {
  cancelled: '已取消這項通知。',
  gone: '找不到這項訂閱，它可能已經取消。',
} as const;
