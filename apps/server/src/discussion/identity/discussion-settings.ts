import type { DiscussionMode } from '@pest/contracts';
import { discussionMode, type Env } from '../../config/env';

/** How the discussion area reaches LINE on this install (docs/line-setup.md). */
export interface DiscussionSettings {
  mode: DiscussionMode;
  /** The ID token's audience: the LINE Login channel id (the demo provider's own in demo mode). */
  channelId: string;
  liffId: string | null;
  /** LINE's API: `/oauth2/v2.1/certs` (ID-token keys) and `/v2/bot/message/push`. */
  apiBaseUrl: string;
  /** The Messaging API token: answers are pushed to the asker only when it is set (and never in demo mode). */
  messagingToken: string | null;
  cookiePath: string;
  secureCookies: boolean;
  /** How long the site's own session lasts (the ID token lives an hour). */
  sessionMs: number;
}

/** The demo identity provider's audience: never a real channel id (those are digits). */
export const demoChannelId = 'demo-channel';

export function discussionSettings(env: Env): DiscussionSettings {
  const mode = discussionMode(env);
  return {
    mode,
    channelId: mode === 'line' && env.LINE_CHANNEL_ID ? env.LINE_CHANNEL_ID : demoChannelId,
    liffId: mode === 'line' ? (env.LIFF_ID ?? null) : null,
    apiBaseUrl: env.LINE_API_BASE_URL,
    messagingToken: mode === 'line' ? (env.LINE_MESSAGING_ACCESS_TOKEN ?? null) : null,
    cookiePath: env.BASE_PATH || '/',
    secureCookies: env.publicUrl.startsWith('https://'),
    sessionMs: 30 * 24 * 60 * 60 * 1000,
  };
}
