import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import type { AnyAdminResource } from '../admin/admin-resource';
import type { AuditLabels } from '../audit/audit-labels';
import type { Authenticator } from '../auth/viewer';
import type { InvalidationService } from '../cache/invalidation';
import type { Database } from '../database/database';
import type { AnyJobDefinition, JobQueue } from '../jobs/job-queue';
import type { MailOutbox } from '../mail/mail-outbox';
import type { PersonalData } from '../personal-data/personal-data';
import type { PushNotifications } from '../push/push-notifications';
import type { PersonalDataPart } from '../personal-data/personal-data-part';
import type { SeedSet } from '../database/seed';
import type { ContentSecuritySources } from '../ssr/content-security-policy';
import type { SitemapSource } from '../sitemap/sitemap-source';
import type { CacheablePage } from '../ssr/page-cache';
import type { FileStorage } from '../storage/file-storage';
import type { PublicCopyKind } from '../uploads/public-copies';
// The app decorations (app.db, app.storage, app.invalidation) a feature's routes may use.
import type {} from '../cache/invalidation-plugin';
import type {} from '../database/database-plugin';
import type {} from '../storage/storage-plugin';

/** What a feature's services are bound to, once per app. */
export interface FeatureContext {
  db: Database;
  storage: FileStorage;
  invalidation: InvalidationService;
  log: FastifyBaseLogger;
  env: Env;
  /** The job queue: `jobs.enqueue(name, payload, { tx })` (decision 0100). */
  jobs: JobQueue;
  /** The mail outbox: `mail.queue(tx, { to, ...mail.compose({ … }) })` (decision 0102). */
  mail: MailOutbox;
  /** Web Push: `push.subscribe(tx, subscription, memberId)`, `push.notify(tx, ids, message)` (decision 0400). */
  push: PushNotifications;
  /** A person's rights (decision 0307): every feature's `personalData` part gathered. */
  personalData: PersonalData;
}

/** A demo-content seed set and its place among every feature's sets (ascending `order`). */
export interface OrderedSeed {
  order: number;
  set: SeedSet;
}

/** Everything a feature plugs into the app (decision 0050). */
export interface FeatureManifest<
  Key extends string = string,
  Services = unknown,
  Tables extends Record<string, unknown> = Record<string, unknown>,
> {
  /** The feature's folder name, for logs. */
  name: string;
  /** Where its services appear: `context.services.<servicesKey>` in page loaders. */
  servicesKey: Key;
  /** Its Drizzle tables (`import * as schema from './schema'`); drizzle-kit reads the same files. */
  tables?: Tables;
  /** Binds its service functions once to the database, storage and invalidation service. Why: decision 0050. */
  services?(context: FeatureContext): Services;
  /** Product-API and file routes (a Fastify plugin body, registered under BASE_PATH). */
  routes?(app: FastifyInstance, services: Services): Promise<void> | void;
  /** Information-service calls (`registerInfoCall`), registered under /api/info. */
  calls?(app: FastifyInstance, services: Services): void;
  /** Demo content, applied once each in `order` across features. */
  seeds?: readonly OrderedSeed[];
  /** Pages the anonymous page cache may keep, with their cache tags. */
  cacheablePages?(app: FastifyInstance, services: Services): CacheablePage[];
  /** Its public pages for sitemap.xml. */
  sitemap?: SitemapSource;
  /** Hosts its pages need in the Content-Security-Policy, asked for on every page. */
  contentSecurityPolicy?(services: Services): Promise<ContentSecuritySources>;
  /** Its background jobs by name (`<feature>.<verb-noun>`, e.g. `accounts.send-welcome`). Why: decision 0050. */
  jobs?(services: Services): Record<string, AnyJobDefinition>;
  /**
   * The public copies it makes of uploads (pictures under /files/public/ named after their sha256).
   * Why: decision 0282.
   */
  publicCopies?: readonly PublicCopyKind[];
  /** What it holds about a member and how to give it out and erase it (個人資料保護法 §3, §11; decision 0307). */
  personalData?(services: Services): PersonalDataPart;
  /**
   * Runs once the app is ready, before the demo content (repairs, backfills). `underStartupLock` runs
   * one-time work under the lock migrations and seeding take (decision 0314), so servers starting
   * together on one database do it once, one after the other.
   */
  onStart?(
    context: FeatureContext & {
      services: Services;
      underStartupLock: <T>(work: () => Promise<T>) => Promise<T>;
    },
  ): Promise<void>;
  /** Runs when the app closes, before the database does (write what is buffered in memory). */
  onClose?(services: Services): Promise<void>;
  /** Resolves who a request comes from (session cookie, bearer token). Why: decision 0090. */
  authenticate?(services: Services): Authenticator;
  /** Its staff tables in /admin (platform/admin, docs/architecture.md "Admin"). Why: decision 0050. */
  adminResources?(services: Services): AnyAdminResource[];
  /** Its audit actions, entities and field names in the staff's language (decision 0379). */
  auditLabels?: AuditLabels;
}

/** Declares a feature manifest, keeping its services key and services type for the registry. */
export function defineFeature<
  const Key extends string,
  Services,
  Tables extends Record<string, unknown> = Record<never, never>,
>(manifest: FeatureManifest<Key, Services, Tables>): FeatureManifest<Key, Services, Tables> {
  return manifest;
}

// A feature manifest of any key and services, for lists of features.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFeatureManifest = FeatureManifest<string, any, any>;

/** The services object page loaders receive: each feature's services under its key. */
export type ServicesOf<Features extends readonly AnyFeatureManifest[]> = {
  [Feature in Features[number] as Feature['servicesKey']]: Feature extends FeatureManifest<
    string,
    infer Services,
    infer _Tables
  >
    ? Services
    : never;
};
