import {
  deviceTerminalEndpoints,
  type DeviceCommandListResponse,
  type DeviceCommandStatus,
} from '@homeward/contracts';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { DEVICES_QUERY_KEY } from '../get-devices';

/** Prefix of one device's command history pages. */
export const deviceCommandsQueryKey = (deviceId: string) =>
  [...DEVICES_QUERY_KEY, deviceId, 'commands'] as const;

/** GET /api/devices/{id}/commands: one page, newest first. */
export function getDeviceCommands(
  deviceId: string,
  page: { skipCount: number; maxResultCount: number },
): Promise<DeviceCommandListResponse> {
  return callEndpoint(deviceTerminalEndpoints.commands, { params: { id: deviceId }, query: page });
}

export const deviceCommandsQueryOptions = (
  deviceId: string,
  page: { skipCount: number; maxResultCount: number },
) =>
  queryOptions({
    queryKey: [...deviceCommandsQueryKey(deviceId), page],
    queryFn: () => getDeviceCommands(deviceId, page),
    placeholderData: keepPreviousData,
  });

export function useDeviceCommands(deviceId: string, page: { skipCount: number; maxResultCount: number }) {
  return useQuery(deviceCommandsQueryOptions(deviceId, page));
}

/**
 * A pushed state change: written into the cached pages that show the command; when none does (a
 * command queued elsewhere), the pages are fetched again.
 */
export function applyCommandState(
  queryClient: QueryClient,
  deviceId: string,
  change: { commandId: string; status: DeviceCommandStatus; at: string },
): void {
  let found = false;
  queryClient.setQueriesData<DeviceCommandListResponse>(
    { queryKey: deviceCommandsQueryKey(deviceId) },
    (page) => {
      if (!page?.items.some((item) => item.id === change.commandId)) return page;
      found = true;
      return {
        ...page,
        items: page.items.map((item) =>
          item.id !== change.commandId
            ? item
            : {
                ...item,
                status: change.status,
                ...(change.status === 'sent' ? { sentAt: change.at } : {}),
                ...(change.status === 'acknowledged' ? { acknowledgedAt: change.at } : {}),
                ...(change.status === 'failed' ? { failedAt: change.at } : {}),
              },
        ),
      };
    },
  );
  // A failure's reason comes with the row only: fetch it too.
  if (!found || change.status === 'failed') {
    void queryClient.invalidateQueries({ queryKey: deviceCommandsQueryKey(deviceId) });
  }
}
