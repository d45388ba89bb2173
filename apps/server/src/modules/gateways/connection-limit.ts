import type { Socket } from 'node:net';
import type { DeviceProtocol } from '@homeward/contracts';
import type { GatewayLogger } from './gateway-logger';
import type { GatewayMetrics } from './gateway-metrics';

/** The default of GATEWAY_MAX_CONNECTIONS_PER_IP. */
export const DEFAULT_MAX_CONNECTIONS_PER_IP = 2000;

/**
 * Caps the open connections one address holds on a gateway port, so one host cannot take every
 * socket the process may open. The cap is high on purpose: a carrier may put many watches behind
 * one NAT address, and refusing a watch can delay an alarm. Over the cap a connection is closed at
 * once and counted; the log says so once each time an address reaches the cap, not per connection.
 */
export class ConnectionLimit {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly protocol: DeviceProtocol,
    private readonly maxPerAddress: number,
    private readonly logger: GatewayLogger,
    private readonly metrics: GatewayMetrics,
  ) {}

  /** Counts the socket in (until it closes) and says true, or destroys it and says false. */
  admit(socket: Socket): boolean {
    const address = socket.remoteAddress ?? 'unknown';
    const count = this.open.get(address) ?? 0;
    if (count >= this.maxPerAddress) {
      this.metrics.refusedConnection(this.protocol);
      socket.destroy();
      return false;
    }
    this.open.set(address, count + 1);
    if (count + 1 === this.maxPerAddress) {
      this.logger.warn(
        { protocol: this.protocol, address, max: this.maxPerAddress },
        'gateway connections from one address reached the cap; more are refused (GATEWAY_MAX_CONNECTIONS_PER_IP)',
      );
    }
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    return true;
  }
}
