import type { DeviceReport } from '@homeward/contracts';
import type { DeviceReportSink } from '../device-report-sink';
import type { GatewayMetrics } from '../gateway-metrics';
import { unstorableTextIn } from '../storable-text';
import { decodeOsmAndJson } from './osmand-json';
import { decodeOsmAndParameters, OsmAndInputError } from './osmand-parameters';

/** One HTTP request as the OsmAnd gateway needs it, whatever server carried it. */
export interface OsmAndRequest {
  /** The URL's query string without `?` ('' when none). */
  query: string;
  contentType: string | undefined;
  body: string | undefined;
}

export interface OsmAndResponse {
  status: number;
  /** Empty, a queued command (text), or an error in the API's one shape (JSON). */
  body: string;
  contentType?: string;
}

const errorResponse = (status: number, code: string, message: string): OsmAndResponse => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ error: { code, message } }),
});

/**
 * Every key and value is checked, also those the decoder would ignore: one value the database
 * cannot store (a NUL) is this request's 400, never a failed batch for other watches.
 */
function refuseUnstorableText(input: unknown): void {
  const problem = unstorableTextIn(input);
  if (problem) throw new OsmAndInputError(problem);
}

function decode(request: OsmAndRequest, receivedAt: Date): { json: boolean; reports: DeviceReport[] } {
  const json = (request.contentType ?? '').toLowerCase().startsWith('application/json');
  if (json) {
    let body: unknown;
    try {
      body = JSON.parse(request.body ?? '');
    } catch {
      throw new OsmAndInputError('the body is not valid JSON');
    }
    refuseUnstorableText(body);
    return { json, reports: decodeOsmAndJson(body, receivedAt) };
  }
  // As Traccar: parameters from the URL; only a URL without any is followed by a form body.
  const params = new URLSearchParams(request.query || request.body || '');
  refuseUnstorableText(params);
  return { json, reports: [decodeOsmAndParameters(params, receivedAt)] };
}

/**
 * Handles one OsmAnd request (notes §2.5): bad input → 400 with the reason; an unknown device →
 * 404 for JSON, 400 for query/form (nothing of it is stored: the sink decides); accepted → 200
 * with, for query/form clients, the oldest queued command as the body. JSON clients ignore the
 * body, so a command is not taken off the queue for them and waits for another channel. Each report
 * and each bad request is counted in `metrics`.
 */
export async function handleOsmAndRequest(
  request: OsmAndRequest,
  sink: DeviceReportSink,
  receivedAt: Date,
  metrics: GatewayMetrics,
): Promise<OsmAndResponse> {
  let decoded: ReturnType<typeof decode>;
  try {
    decoded = decode(request, receivedAt);
  } catch (error) {
    if (error instanceof OsmAndInputError) {
      metrics.badFrame('osmand');
      return errorResponse(400, 'bad_request', error.message);
    }
    throw error;
  }
  let commandQueued: boolean | undefined = false;
  for (const report of decoded.reports) {
    const handled = await sink.handleReport(report);
    const { deviceKnown } = handled;
    commandQueued = handled.commandQueued;
    if (deviceKnown) metrics.accepted('osmand');
    if (!deviceKnown) {
      metrics.unknownDevice('osmand');
      return decoded.json
        ? errorResponse(404, 'not_found', `Unknown device ${report.deviceIdentifier}`)
        : errorResponse(400, 'bad_request', `Unknown device ${report.deviceIdentifier}`);
    }
  }
  if (decoded.json || commandQueued === false) return { status: 200, body: '' };
  const command = await sink.takeQueuedCommand(decoded.reports[0]!.deviceIdentifier, 'osmand');
  return command === null
    ? { status: 200, body: '' }
    : { status: 200, body: command, contentType: 'text/plain; charset=utf-8' };
}
