import { z } from 'zod';

/**
 * The table of the API's endpoints that clients call: for each, the method, the path as the server
 * declares its route (`/api/citizens/:id`), and the zod schemas of its query, body and response,
 * the same ones the server validates and serializes with. The web's API client derives its calls
 * from it, so an answer is parsed by its contract instead of cast to a type.
 */

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Bytes rather than JSON: as a body, the raw file (an avatar picture); as a response, a file the
 * browser downloads (xlsx, csv, pdf).
 */
export const BLOB = 'blob';
export type EndpointBlob = typeof BLOB;

/** The answer of an endpoint that answers 204 (or 202) without a body. */
export const zNoContent = z.void();

export type EndpointBody = z.ZodType | EndpointBlob;
export type EndpointResponse = z.ZodType | EndpointBlob;

/** One endpoint of the table. */
export interface Endpoint<
  TPath extends string = string,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends EndpointBody | undefined = EndpointBody | undefined,
  TResponse extends EndpointResponse = EndpointResponse,
> {
  /** `<area>.<operation>` ("citizens.get"), as errors name the endpoint. */
  readonly name: string;
  readonly method: EndpointMethod;
  /** With `:name` path parameters, exactly as the server's route: `/api/citizens/:id`. */
  readonly path: TPath;
  readonly query: TQuery;
  readonly body: TBody;
  readonly response: TResponse;
}

/** An endpoint answering JSON, which its response schema parses. */
export type JsonEndpoint = Endpoint<string, z.ZodType | undefined, EndpointBody | undefined, z.ZodType>;
/** An endpoint answering a file to download. */
export type FileEndpoint = Endpoint<string, z.ZodType | undefined, undefined, EndpointBlob>;

/** The names of a path's `:name` parameters: `'id' | 'deviceId'`. */
export type EndpointPathParamName<TPath extends string> =
  TPath extends `${string}:${infer Name}/${infer Rest}`
    ? Name | EndpointPathParamName<`/${Rest}`>
    : TPath extends `${string}:${infer Name}`
      ? Name
      : never;

interface EndpointSchemas {
  query?: z.ZodType;
  body?: EndpointBody;
  response: EndpointResponse;
}

type QueryOf<T extends EndpointSchemas> = T extends { query: infer Q extends z.ZodType } ? Q : undefined;
type BodyOf<T extends EndpointSchemas> = T extends { body: infer B extends EndpointBody } ? B : undefined;

/** One endpoint; `endpointGroup` gives it its name. */
export function endpoint<TPath extends string, TSchemas extends EndpointSchemas>(
  method: EndpointMethod,
  path: TPath,
  schemas: TSchemas,
): Endpoint<TPath, QueryOf<TSchemas>, BodyOf<TSchemas>, TSchemas['response']> {
  return {
    name: path,
    method,
    path,
    query: schemas.query as QueryOf<TSchemas>,
    body: schemas.body as BodyOf<TSchemas>,
    response: schemas.response,
  };
}

/** The endpoints of one area, each named `<area>.<key>`. */
export function endpointGroup<T extends Record<string, Endpoint>>(area: string, endpoints: T): T {
  return Object.fromEntries(
    Object.entries(endpoints).map(([key, value]) => [key, { ...value, name: `${area}.${key}` }]),
  ) as T;
}
