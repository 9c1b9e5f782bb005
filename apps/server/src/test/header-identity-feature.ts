import type { Role } from '@pest/contracts';
import { features } from '../features';
import { defineFeature } from '../platform/feature/feature-manifest';

/**
 * A feature that trusts the `x-test-roles` header for identity (comma-separated roles), for tests
 * of platform parts that need a viewer without going through accounts. Never in the registry.
 */
export function headerIdentityFeature(person: { memberId: number; account: string; name: string }) {
  return defineFeature({
    name: 'header-identity',
    servicesKey: 'headerIdentity',
    authenticate: () => async (request) => {
      const header = request.headers['x-test-roles'];
      if (typeof header !== 'string') return null;
      return { ...person, roles: header.split(',') as Role[], sessionId: 's', via: 'session' as const };
    },
  });
}

/** The registry without its authenticating feature (accounts), which the header identity replaces. */
export const featuresWithoutAuthenticator = features.filter((feature) => !('authenticate' in feature));
