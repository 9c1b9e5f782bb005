import type { AnyFeatureManifest, ServicesOf } from './platform/feature/feature-manifest';
import type { RequestContext as PageRequestContext } from './platform/ssr/ssr-plugin';
import * as platformTables from './platform/database/platform-schema';
import { accountsFeature } from './accounts';
import { alertsFeature } from './alerts';
import { catalogueFeature } from './catalogue';
import { consultationFeature } from './consultation';
import { discussionFeature } from './discussion';
import { contactFeature } from './contact';
import { cropsFeature } from './crops';
import { downloadsFeature } from './downloads';
import { readingRoomFeature } from './reading-room';
import { recordsFeature } from './records';
import { siteFeature } from './site';

/**
 * The registry: every feature of the app, one line each (decision 0050). `buildApp` wires each
 * manifest's tables, services, routes, calls, seeds, cacheable pages and start hooks in this order.
 */
export const features = [
  siteFeature,
  cropsFeature,
  readingRoomFeature,
  recordsFeature,
  accountsFeature,
  consultationFeature,
  discussionFeature,
  contactFeature,
  downloadsFeature,
  catalogueFeature,
  alertsFeature,
] as const satisfies readonly AnyFeatureManifest[];

/** Gathers the tables the given features declare, with the platform's own. */
export function featureTables(list: readonly AnyFeatureManifest[]): Record<string, unknown> {
  return Object.assign({}, platformTables, ...list.map((feature) => feature.tables ?? {}));
}

/** The service functions page loaders may call: `context.services.<feature>.<function>`. */
export type AppServices = ServicesOf<typeof features>;

/** What the server hands to every React Router loader and action. */
export type RequestContext = PageRequestContext<AppServices>;
