import { normalizeIP } from '@fastify/rate-limit';

/**
 * The client a request counts as, from its address (`request.ip`, which follows TRUST_PROXY):
 * an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4 address, any other IPv6
 * address as its /64 — one household or office line gets a whole /64, so counting each of its
 * addresses apart would give it billions of budgets. The request budgets and the daily upload
 * quota both count by this key, so a client is one client everywhere.
 */
export function clientKeyOf(address: string): string {
  return normalizeIP(address);
}
