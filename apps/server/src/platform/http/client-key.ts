import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/** The client a request counts as, from its address (`request.ip`, which follows TRUST_PROXY). Why: decision 0292. */
export function clientKeyOf(address: string): string {
  if (!isIPv6(address)) return address.toLowerCase();
  const parsed = new Address6(address);
  if (parsed.isMapped4()) return parsed.to4().correctForm();
  return new Address6(`${address}/64`).startAddress().correctForm();
}
