import { ERROR_STATUS, type ErrorCode, type ValidationError } from '@homeward/contracts';

/**
 * An expected failure a service reports by code (`not_found`, `conflict`, ...). The error handler
 * turns it into the one error shape with the code's HTTP status. `message`, when given, replaces the
 * translated generic message of the code.
 */
export class DomainError extends Error {
  readonly statusCode: number;
  readonly hasCustomMessage: boolean;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: string,
    readonly validationErrors?: ValidationError[],
  ) {
    super(message ?? code);
    this.name = 'DomainError';
    this.statusCode = ERROR_STATUS[code];
    this.hasCustomMessage = message !== undefined;
  }
}
