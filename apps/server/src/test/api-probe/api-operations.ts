import type { RoutePermission } from '../../platform/auth/request-auth';

/** The part of JSON Schema the OpenAPI document uses (zod's output, OpenAPI 3.0 flavour). */
export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** A path or query parameter of an operation. */
export interface OperationParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** One operation of the OpenAPI document, with the permission its route declares. */
export interface ApiOperation {
  method: HttpMethod;
  /** The OpenAPI path, `/api/devices/{id}`. */
  path: string;
  permission: RoutePermission;
  pathParameters: OperationParameter[];
  queryParameters: OperationParameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  'x-permission'?: RoutePermission;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** What the generated suites need of `app.swagger()`. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * Every operation of the document. The permission comes from `x-permission`, which the docs
 * transform copies from the route's `config.permission`, so public-ness is the route's own word.
 */
export function apiOperationsOf(document: OpenApiDocument): ApiOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const permission = operation['x-permission'];
      if (!permission) throw new Error(`${method.toUpperCase()} ${path} has no x-permission`);
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map(({ name, required, schema }) => ({ name, required: required ?? false, schema }));
      return {
        method: method.toUpperCase() as HttpMethod,
        path,
        permission,
        pathParameters: parameters('path'),
        queryParameters: parameters('query'),
        body: operation.requestBody?.content['application/json']?.schema,
      };
    }),
  );
}

/** `GET /api/devices/{id}`, as failures are listed. */
export const operationName = (operation: ApiOperation) => `${operation.method} ${operation.path}`;

/**
 * Deletes go last: they may remove the seeded rows the other operations aim at. Within a phase the
 * order is otherwise the document's.
 */
export function deletesLast(operations: ApiOperation[]): ApiOperation[][] {
  return [
    operations.filter((operation) => operation.method !== 'DELETE'),
    operations.filter((operation) => operation.method === 'DELETE'),
  ];
}
