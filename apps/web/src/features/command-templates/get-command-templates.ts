import type { CommandTemplateListRequest, CommandTemplateListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every command templates query; the mutations invalidate it. */
export const COMMAND_TEMPLATES_QUERY_KEY = ['command-templates'] as const;
export const COMMAND_TEMPLATES_PATH = '/api/command-templates';
/** The device families a template can be for, as the product picker pages through them. */
export const COMMAND_TEMPLATE_PRODUCT_LOOKUP_PATH = `${COMMAND_TEMPLATES_PATH}/product-lookup`;

/** GET /api/command-templates: one page (at most 100), searched and sorted on the server. */
export function getCommandTemplates(
  request: CommandTemplateListRequest,
): Promise<CommandTemplateListResponse> {
  return apiFetch(`${COMMAND_TEMPLATES_PATH}${toQueryString(request)}`);
}
