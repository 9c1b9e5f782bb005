// The discussion feature's public module: what the app and other features may import from it.
export { discussionFeature } from './discussion-feature';
export type { DiscussionServices } from './discussion-services';
export type { DiscussionActor } from './discussion-actor';
export { discussionCookieName } from './discussion-cookie';
