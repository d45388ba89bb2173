import { COMMAND_TEMPLATES_MAX_PAGE_SIZE, type CommandTemplateListResponse } from '@homeward/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/api-fetch';
import { toQueryString } from '../../../components/crud/paged-list-request';

/**
 * GET /api/command-templates for the terminal's picker: the templates for the device's product
 * (and those for any product), as many as one request gives (spec §9: up to 100).
 */
export function getTerminalTemplates(productId: string | null): Promise<CommandTemplateListResponse> {
  return apiFetch(
    `/api/command-templates${toQueryString({
      ...(productId ? { productId } : {}),
      maxResultCount: COMMAND_TEMPLATES_MAX_PAGE_SIZE,
    })}`,
  );
}

export function useTerminalTemplates(productId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['commandTemplates', 'terminal', productId],
    queryFn: () => getTerminalTemplates(productId),
    enabled,
  });
}
