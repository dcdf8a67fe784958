// A campaign's test calls, as the list on its evaluation page shows them.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { testCallSummarySchema } from '../../../contract/test-calls';
import { useServices } from '../services-context';

type TestCallListSchema = z.ZodArray<typeof testCallSummarySchema>;

export const testCallKeys = {
  ofCampaign: (campaignId: string) => ['campaigns', campaignId, 'test-calls'] as const,
};

export function useTestCalls(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: testCallKeys.ofCampaign(campaignId),
    queryFn: ({ signal }) =>
      api.request<TestCallListSchema>(`/campaigns/${campaignId}/test-calls`, { signal }),
  });
}
