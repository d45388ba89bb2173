import type {
  Endpoint,
  EndpointBlob,
  EndpointPathParamName,
  FileEndpoint,
  JsonEndpoint,
} from '@homeward/contracts';
import type { z } from 'zod';
import { apiDownload } from './api-download';
import { ApiContractError } from './api-contract-error';
import { apiResponse, safeJson } from './api-fetch';
import { toQueryString } from './query-string';

/*
 * The API client derived from the contracts' endpoint table: `callEndpoint(citizenEndpoints.get,
 * { params: { id } })` builds the URL from the endpoint's path, sends the call through `apiResponse`
 * (language, access token, tenant filter, error bodies as `ApiRequestError`) and parses the answer
 * with the endpoint's response schema, so a screen gets what the contract promises or an error.
 */

type ParamsPart<TPath extends string> = [EndpointPathParamName<TPath>] extends [never]
  ? { params?: undefined }
  : { params: Record<EndpointPathParamName<TPath>, string> };

type QueryPart<TQuery> = TQuery extends z.ZodType
  ? Partial<z.input<TQuery>> extends z.input<TQuery>
    ? { query?: z.input<TQuery> }
    : { query: z.input<TQuery> }
  : { query?: undefined };

type BodyPart<TBody> = TBody extends EndpointBlob
  ? { body: Blob }
  : TBody extends z.ZodType
    ? { body: z.input<TBody> }
    : { body?: undefined };

/** What a call of `E` takes: its path parameters, its query and its body, each where it has one. */
export type EndpointRequest<E extends Endpoint> = ParamsPart<E['path']> &
  QueryPart<E['query']> &
  BodyPart<E['body']>;

/** What a call of `E` resolves to: its response schema's output. */
export type EndpointResult<E extends JsonEndpoint> = z.output<E['response']>;

/** The request is optional when nothing in it is required. */
type RequestArgs<E extends Endpoint> =
  Partial<EndpointRequest<E>> extends EndpointRequest<E>
    ? [request?: EndpointRequest<E>]
    : [request: EndpointRequest<E>];

interface LooseRequest {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
}

/** The endpoint's path with its parameters filled in (encoded) and its query appended. */
export function endpointUrl(endpoint: Endpoint, { params = {}, query }: LooseRequest = {}): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.name}: no value for the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return `${path}${query ? toQueryString(query) : ''}`;
}

function requestInit(endpoint: Endpoint, request: LooseRequest): RequestInit {
  if (endpoint.body === undefined) return { method: endpoint.method };
  if (request.body instanceof Blob) {
    return {
      method: endpoint.method,
      headers: { 'Content-Type': request.body.type || 'application/octet-stream' },
      body: request.body,
    };
  }
  return { method: endpoint.method, body: JSON.stringify(request.body) };
}

/**
 * Calls a JSON endpoint and parses its answer with the endpoint's response schema. A failed call
 * throws `ApiRequestError` as `apiFetch` does; an answer the schema refuses throws
 * `ApiContractError` naming the endpoint.
 */
export async function callEndpoint<E extends JsonEndpoint>(
  endpoint: E,
  ...[request]: RequestArgs<E>
): Promise<EndpointResult<E>> {
  const loose = (request ?? {}) as LooseRequest;
  const response = await apiResponse(endpointUrl(endpoint, loose), requestInit(endpoint, loose));
  const text = await response.text();
  const parsed = endpoint.response.safeParse(text ? safeJson(text) : undefined);
  if (!parsed.success) throw new ApiContractError(endpoint.name, response.status, parsed.error.issues);
  return parsed.data as EndpointResult<E>;
}

/** Downloads a file endpoint's answer under the name the server gives, or `fallbackName`. */
export function downloadEndpoint<E extends FileEndpoint>(
  endpoint: E,
  request: EndpointRequest<E>,
  fallbackName: string,
): Promise<void> {
  return apiDownload(endpointUrl(endpoint, request as LooseRequest), fallbackName);
}
