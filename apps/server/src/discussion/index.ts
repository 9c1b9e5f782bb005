// The discussion feature's public module: what the app and other features may import from it.
export { discussionFeature } from './discussion-feature';
export type { DiscussionServices } from './discussion-services';
export type { DiscussionActor } from './discussion-actor';
export { discussionCookieName } from './discussion-cookie';
// What the pest alerts' LINE channel uses (decision 0420): who the request is, the Messaging API's push.
export { requestActor } from './request-actor';
export { discussionSettings } from './identity/discussion-settings';
export { lineRetryKey, sendLinePush } from './services/send-line-push';
export { findMemberIdentity } from './services/find-discussion-identity';
export { lineSubjectKind } from './privacy/discussion-personal-data';
