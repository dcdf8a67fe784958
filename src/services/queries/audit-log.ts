// An organisation's audit log, a keyset page at a time by filters, and the chain's verification.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { auditLogPageSchema, auditLogVerificationSchema } from '../../../contract/audit-log';
import { useServices } from '../services-context';

/** The filters as the API reads them (absent: no filter). */
export interface AuditLogFilters {
  action?: string;
  actor_type?: string;
  actor_id?: string;
  target_type?: string;
  target_id?: string;
  from?: number;
  to?: number;
}

export function useAuditLog(filters: AuditLogFilters) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['audit-log', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.request<typeof auditLogPageSchema>('/audit-log', {
        query: { ...filters, limit: 50, ...(pageParam ? { start_after: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (page) => page.next_start_after,
  });
}

export function useAuditLogVerification() {
  const { api } = useServices();
  return useQuery({
    queryKey: ['audit-log', 'verify'],
    queryFn: ({ signal }) => api.request<typeof auditLogVerificationSchema>('/audit-log/verify', { signal }),
  });
}
