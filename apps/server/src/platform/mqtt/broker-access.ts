import type { Aedes, Client, PublishPacket } from 'aedes';
import type { MqttClientAuthority } from './mqtt';

/**
 * Installs `authority` as the broker's authentication and authorization hooks; a device's publish
 * must also pass `payloadAllowed` (MQTT_MAX_PAYLOAD_BYTES).
 */
export function protectBroker(
  broker: Aedes,
  authority: MqttClientAuthority,
  payloadAllowed: (client: Client | null, packet: PublishPacket) => boolean,
): void {
  const identities = new WeakMap<object, string>();
  const refused = (code: number) => Object.assign(new Error('Not authorized'), { returnCode: code });
  broker.authenticate = (client, username, password, done) => {
    if (!username || !password) {
      done(refused(4) as never, false);
      return;
    }
    authority.authenticate(username, password.toString()).then(
      (identity) => {
        if (!identity) return done(refused(4) as never, false);
        identities.set(client, identity);
        done(null, true);
      },
      () => done(refused(3) as never, false),
    );
  };
  broker.authorizePublish = (client, packet, done) => {
    // No client: the server's own in-process publish.
    if (!client) return done(null);
    if (!payloadAllowed(client, packet)) return done(new Error('Payload too large'));
    const identity = identities.get(client);
    done(identity && authority.mayPublish(identity, packet.topic) ? null : new Error('Not authorized'));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    const identity = identities.get(client);
    done(null, identity && authority.maySubscribe(identity, subscription.topic) ? subscription : null);
  };
}
