import {
  commandTemplateEndpoints,
  type CommandTemplateListRequest,
  type CommandTemplateListResponse,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every command templates query; the mutations invalidate it. */
export const COMMAND_TEMPLATES_QUERY_KEY = ['command-templates'] as const;
/** The device families a template can be for, as the product picker pages through them. */

/** GET /api/command-templates: one page (at most 100), searched and sorted on the server. */
export function getCommandTemplates(
  request: CommandTemplateListRequest,
): Promise<CommandTemplateListResponse> {
  return callEndpoint(commandTemplateEndpoints.list, { query: request });
}
