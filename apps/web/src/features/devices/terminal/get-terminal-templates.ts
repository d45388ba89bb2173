import {
  COMMAND_TEMPLATES_MAX_PAGE_SIZE,
  commandTemplateEndpoints,
  type CommandTemplateListResponse,
} from '@homeward/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';

/**
 * GET /api/command-templates for the terminal's picker: the templates for the device's product
 * (and those for any product), as many as one request gives (spec §9: up to 100).
 */
export function getTerminalTemplates(productId: string | null): Promise<CommandTemplateListResponse> {
  return callEndpoint(commandTemplateEndpoints.list, {
    query: { ...(productId ? { productId } : {}), maxResultCount: COMMAND_TEMPLATES_MAX_PAGE_SIZE },
  });
}

export function useTerminalTemplates(productId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['commandTemplates', 'terminal', productId],
    queryFn: () => getTerminalTemplates(productId),
    enabled,
  });
}
