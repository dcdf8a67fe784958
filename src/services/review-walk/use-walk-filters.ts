// The filters of the list a walk goes through: the campaign's saved ones, asked of the filters actor, their one
// owner (on a conversation's page that actor follows no campaign, so the walk names the one it walks).
import { useEffect } from 'react';
import type { ConversationFilters } from '../../../contract/conversations';
import { FiltersActorContext } from '../../machines/filters/provider';
import { selectWalkFilters } from '../../machines/filters/selectors';

/** The saved filters of the campaign walked through; null until the filters actor has read them. */
export function useWalkFilters(campaignId: string): ConversationFilters | null {
  const actor = FiltersActorContext.useActorRef();
  useEffect(() => {
    actor.send({ type: 'walk.follow', campaignId });
  }, [actor, campaignId]);
  return FiltersActorContext.useSelector(selectWalkFilters(campaignId));
}
