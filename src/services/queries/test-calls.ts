// A campaign's test calls, as the list on its evaluation page shows them.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { testCallSummarySchema } from '../../../contract/test-calls';
import { useServices } from '../services-context';

const testCallListSchema = z.array(testCallSummarySchema);

export const testCallKeys = {
  ofCampaign: (campaignId: string) => ['campaigns', campaignId, 'test-calls'] as const,
};

export function useTestCalls(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: testCallKeys.ofCampaign(campaignId),
    queryFn: ({ signal }) =>
      api.request(`/campaigns/${campaignId}/test-calls`, testCallListSchema, { signal }),
  });
}
