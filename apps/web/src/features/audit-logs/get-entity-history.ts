import { auditLogEndpoints, type EntityChangeListResponse } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { AUDIT_LOGS_QUERY_KEY } from './get-audit-logs';

/** Which entity's history to show: its table and key. */
export interface EntityRef {
  entityType: string;
  entityId: string;
}

/** The newest changes shown in the history view; older ones are rarely what an auditor needs. */
export const ENTITY_HISTORY_LIMIT = 100;

/** GET /api/audit-logs/entity-changes: one entity's changes, newest first. */
export function getEntityHistory(entity: EntityRef): Promise<EntityChangeListResponse> {
  return callEndpoint(auditLogEndpoints.entityChanges, {
    query: { ...entity, maxResultCount: ENTITY_HISTORY_LIMIT },
  });
}

export function entityHistoryQueryOptions(entity: EntityRef) {
  return queryOptions({
    queryKey: [...AUDIT_LOGS_QUERY_KEY, 'entity-history', entity.entityType, entity.entityId],
    queryFn: () => getEntityHistory(entity),
  });
}

export function useEntityHistory(entity: EntityRef | null) {
  return useQuery({
    ...entityHistoryQueryOptions(entity ?? { entityType: '', entityId: '' }),
    enabled: entity !== null,
  });
}
