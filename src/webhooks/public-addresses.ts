// Which addresses a webhook may be sent to: the public internet's alone. A
// store names the URL, so without this a webhook would let it make the
// registry call its own network: the database, the cloud's metadata service,
// an admin port on loopback (server-side request forgery).
import net from 'node:net';

/** Addresses that are not a public host's (IANA special-purpose registries, RFC 6890 and its updates). */
const NOT_PUBLIC: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata services
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated): an IPv4 address by another name
  ['::ffff:0:0:0', 96, 'ipv6'], // IPv4-translated (SIIT)
  ['64:ff9b::', 96, 'ipv6'], // NAT64: reaches whatever IPv4 it embeds
  ['64:ff9b:1::', 48, 'ipv6'], // local NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // protocol assignments (Teredo among them)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: reaches whatever IPv4 it embeds
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

const notPublic = new net.BlockList();
for (const [address, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(address, prefix, family);

/** True for an IP address of the public internet; IPv4-mapped IPv6 addresses are judged by their IPv4 address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
