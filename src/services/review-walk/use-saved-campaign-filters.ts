// The campaign's filters as its list last saved them: the walk through the list uses the list's filters, and on a
// conversation's page the filters actor follows no campaign, so they are read where the list writes them.
import { useEffect, useState } from 'react';
import type { ConversationFilters } from '../../../contract/conversations';
import { createFilterStorage } from '../filters/storage';

/** The saved filters; null until read. */
export function useSavedCampaignFilters(campaignId: string): ConversationFilters | null {
  const [filters, setFilters] = useState<{ campaignId: string; filters: ConversationFilters } | null>(null);
  useEffect(() => {
    let current = true;
    void createFilterStorage(window.localStorage)
      .readCampaign(campaignId)
      .then((read) => {
        if (current) setFilters({ campaignId, filters: read });
      });
    return () => {
      current = false;
    };
  }, [campaignId]);
  return filters?.campaignId === campaignId ? filters.filters : null;
}
