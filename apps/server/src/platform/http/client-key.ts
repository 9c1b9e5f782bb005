import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * The client a request counts as, from its address (`request.ip`, which follows TRUST_PROXY):
 * an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4 address, any other IPv6
 * address as its /64 — one household or office line gets a whole /64, so counting each of its
 * addresses apart would give it billions of budgets. The request budgets and the daily upload
 * quota both count by this key, so a client is one client everywhere (decisions 0292, 0417).
 */
export function clientKeyOf(address: string): string {
  if (!isIPv6(address)) return address.toLowerCase();
  const parsed = new Address6(address);
  if (parsed.isMapped4()) return parsed.to4().correctForm();
  return new Address6(`${address}/64`).startAddress().correctForm();
}
