import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

/** The defaults of MQTT_MAX_PAYLOAD_BYTES and MQTT_CONNECT_TIMEOUT_SECONDS. */
export const DEFAULT_MQTT_MAX_PAYLOAD_BYTES = 64 * 1024;
export const DEFAULT_MQTT_CONNECT_TIMEOUT_SECONDS = 10;

/**
 * Largest packet a connection may send before it has signed in: a CONNECT holds a client id, the
 * device identifier, its secret and perhaps a small will, far below this.
 */
export const MAX_PACKET_BYTES_BEFORE_SIGN_IN = 8 * 1024;
/** Room for a PUBLISH's topic, packet id and properties around a payload of the largest size. */
export const PUBLISH_OVERHEAD_BYTES = 1024;

export interface MqttConnectionLimits {
  /** Largest packet (its remaining length) from a signed-in client. */
  maxPacketBytes: number;
  /** A connection not signed in after this long is closed. */
  connectTimeoutMs: number;
  /** Called once when the guard closes a connection (the reason holds no payload, no credentials). */
  onRefused?: (refusal: MqttRefusal) => void;
}

/** Why the broker closed a connection; `kind` is a metrics label (a fixed set). */
export interface MqttRefusal {
  kind: 'packetTooLarge' | 'signInTimeout' | 'protocol' | 'payloadTooLarge';
  reason: string;
}

const CONNECT = 1;

/**
 * A device's TCP connection as the embedded broker sees it: the same bytes, read through a guard
 * that follows the MQTT framing (the fixed header's packet type and remaining length) and closes
 * the connection as soon as a packet announces more bytes than allowed, before any of them is
 * buffered. aedes's parser (mqtt-packet) has no size limit and collects a whole packet in memory
 * first: four 50 MB CONNECT packets from strangers raised the server's memory by 160 MB.
 *
 * Until `signedIn()` the first packet must be a CONNECT and every packet must fit in
 * MAX_PACKET_BYTES_BEFORE_SIGN_IN, and the connection has `connectTimeoutMs` to sign in (aedes's
 * own timer stops when CONNECT arrives, not when authentication passes, so a slow or stalled
 * sign-in would hold the connection).
 */
export class GuardedMqttConnection extends Duplex {
  private signedInYet = false;
  private seenPacket = false;
  /** Bytes of the current packet's body still to come; -1 while reading a fixed header. */
  private bodyLeft = -1;
  /** Remaining-length bytes read of the current header; -1 before its first byte. */
  private lengthBytes = -1;
  private length = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly limits: MqttConnectionLimits,
  ) {
    super({ allowHalfOpen: false });
    this.timer = setTimeout(
      () => this.refuse({ kind: 'signInTimeout', reason: 'did not sign in in time' }),
      limits.connectTimeoutMs,
    );
    socket.on('data', (chunk: Buffer) => {
      const refusal = this.inspect(chunk);
      if (refusal) return this.refuse(refusal);
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy());
  }

  /** The client passed authentication: the sign-in timer stops and the larger limit applies. */
  signedIn(): void {
    this.signedInYet = true;
    clearTimeout(this.timer);
  }

  private refuse(refusal: MqttRefusal): void {
    if (this.destroyed) return;
    this.limits.onRefused?.(refusal);
    this.destroy();
  }

  /** Follows the framing through `chunk`; why to close the connection, or null. */
  private inspect(chunk: Buffer): MqttRefusal | null {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.bodyLeft > 0) {
        const skipped = Math.min(this.bodyLeft, chunk.length - offset);
        this.bodyLeft -= skipped;
        offset += skipped;
        continue;
      }
      const byte = chunk[offset++]!;
      if (this.lengthBytes < 0) {
        if (!this.seenPacket && byte >> 4 !== CONNECT) {
          return { kind: 'protocol', reason: 'the first packet is not CONNECT' };
        }
        this.seenPacket = true;
        this.lengthBytes = 0;
        this.length = 0;
        continue;
      }
      // Remaining length: 7 bits a byte, least significant first, at most 4 bytes.
      this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
      this.lengthBytes += 1;
      if (byte & 0x80) {
        if (this.lengthBytes === 4) return { kind: 'protocol', reason: 'malformed remaining length' };
        continue;
      }
      const limit = this.signedInYet ? this.limits.maxPacketBytes : MAX_PACKET_BYTES_BEFORE_SIGN_IN;
      if (this.length > limit) {
        const when = this.signedInYet ? '' : ' before sign-in';
        const reason = `packet of ${this.length} bytes${when}, over the limit of ${limit}`;
        return { kind: 'packetTooLarge', reason };
      }
      this.bodyLeft = this.length;
      this.lengthBytes = -1;
    }
    return null;
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.socket.write(chunk, encoding, done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.socket.end(done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    clearTimeout(this.timer);
    this.socket.destroy();
    done(error);
  }
}
