// Filters carried by a link (a dashboard's click-through: `?filters=<json>`): once the campaign's own filters are
// read, they are replaced by the link's (saved as any change is), and the parameter leaves the address so that a
// reload or the back button shows the list as the user left it. The parameter's schema (and zod) loads only when a
// link brings one: the list itself validates nothing (decision 0203).
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ConversationFilters } from '../../../../contract/conversations';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { listFiltersParam } from '../../../services/dashboards/graph-scope';

/** Every field of `current` unset, then those of `linked`: a merge that replaces. */
const replacing = (current: ConversationFilters, linked: ConversationFilters): ConversationFilters => ({
  ...Object.fromEntries(Object.keys(current).map((key) => [key, undefined])),
  ...linked,
});

/** Applies the link's filters once `filters` (the campaign's) are read; true while some wait to be applied. */
export function useLinkedFilters(filters: ConversationFilters | null, onApplied: () => void): boolean {
  const actor = FiltersActorContext.useActorRef();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const linked = new URLSearchParams(search).get(listFiltersParam);
  const ready = filters !== null;

  useEffect(() => {
    if (!ready || linked === null || filters === null) return;
    let current = true;
    void import('../../../../contract/conversations')
      .then(
        ({ filtersParamSchema }) => filtersParamSchema.safeParse(linked),
        // Without its schema (the network is gone), a link's filters are dropped like unreadable ones.
        () => null,
      )
      .then((parsed) => {
        if (!current) return;
        if (parsed?.success)
          actor.send({ type: 'campaign.update', filters: replacing(filters, parsed.data) });
        navigate(location, { replace: true });
        onApplied();
      });
    return () => {
      current = false;
    };
  }, [ready, linked, filters, actor, navigate, location, onApplied]);

  return linked !== null;
}
