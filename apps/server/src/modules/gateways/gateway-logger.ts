/** The part of a pino (or Fastify) logger the gateways use; tests pass nothing. */
export interface GatewayLogger {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const ignore = () => undefined;
export const SILENT_LOGGER: GatewayLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
