import {
  ERROR_STATUS,
  fieldErrorsOf,
  type ApiError,
  type ErrorCode,
  type ValidationError,
} from '@homeward/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorMessages } from '../i18n/error-messages';
import { preferredLanguage } from '../i18n/request-language';
import { RequestValidationError } from '../http/request-validation';
import { DomainError } from './domain-error';

/** Status → code for errors fastify and its plugins raise with only a status. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

interface ErrorBody {
  code: ErrorCode;
  customMessage?: string;
  details?: string;
  validationErrors?: ValidationError[];
}

/** Classifies anything thrown into a catalogue code; unknown failures become `internal`. */
export function classifyError(error: unknown): ErrorBody {
  if (error instanceof DomainError) {
    return {
      code: error.code,
      ...(error.hasCustomMessage ? { customMessage: error.message } : {}),
      ...(error.details ? { details: error.details } : {}),
      ...(error.validationErrors ? { validationErrors: error.validationErrors } : {}),
    };
  }
  if (error instanceof RequestValidationError) {
    return { code: 'validation_failed', validationErrors: fieldErrorsOf(error.zodError) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      code: 'validation_failed',
      validationErrors: error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? 'validation.invalid',
      })),
    };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { code: CODE_BY_STATUS[status] ?? 'bad_request' };
  }
  return { code: 'internal' };
}

/** Sends the one error shape, with the generic message in the request's language. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ErrorBody,
  messages: ErrorMessages,
): FastifyReply {
  const language = preferredLanguage(request.headers['accept-language']);
  const payload: ApiError = {
    error: {
      code: body.code,
      message: body.customMessage ?? messages(body.code, language),
      ...(body.details ? { details: body.details } : {}),
      ...(body.validationErrors ? { validationErrors: body.validationErrors } : {}),
    },
  };
  return reply.status(ERROR_STATUS[body.code]).type('application/json; charset=utf-8').send(payload);
}

/**
 * One error handler for the whole app. Expected failures keep their code; anything else is logged
 * with its stack and answered as `internal` without the stack or message, which may hold secrets.
 */
export function installErrorHandler(app: FastifyInstance, messages: ErrorMessages): void {
  app.setErrorHandler((error, request, reply) => {
    const body = classifyError(error);
    if (body.code === 'internal') request.log.error({ err: error }, 'request failed');
    else if (body.code === 'service_unavailable') request.log.warn({ err: error }, 'service unavailable');
    return sendError(request, reply, body, messages);
  });
}
