// Any outbound connection to a host other than loopback fails the test that
// made it: tests must not depend on, or leak to, the outside world.
import net from 'node:net';

const loopback = new Set(['127.0.0.1', '::1', 'localhost', '']);
const originalConnect = net.Socket.prototype.connect;

function hostOf(args: unknown[]): string {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    return options.path !== undefined ? '' : (options.host ?? 'localhost');
  }
  if (typeof first === 'string' && Number.isNaN(Number(first))) return ''; // a Unix socket path
  return typeof second === 'string' ? second : 'localhost';
}

net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = hostOf(args);
  if (!loopback.has(host)) throw new Error(`Unexpected outbound network connection to ${host} during a test.`);
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
