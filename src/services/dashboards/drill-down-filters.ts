// The conversation list's filters for one figure of a graph: a score band, an agent, a topic, a type, an item.
import type { ConversationFilters } from '../../../contract/conversations';
import type { ConversationType } from '../../../contract/enums';

/** The list's score filter is inclusive at both ends; a band is `[min, max)` but for the last (90–100). */
const justBelow = 0.01;

export const bandFilter = ({ min, max }: { min: number; max: number }): ConversationFilters => ({
  score: { min, max: max >= 100 ? 100 : max - justBelow },
});

export const agentFilter = (agentId: string): ConversationFilters => ({ agents: [agentId] });

/** The topic alone, in place of the dashboard's topics: the figure is that topic's. */
export const topicFilter = (topic: string): ConversationFilters => ({ topics: [topic] });

export const typeFilter = (type: ConversationType): ConversationFilters => ({ types: [type] });

/** The conversations whose evaluation scored the item below 100. */
export const missedItemFilter = (itemId: string): ConversationFilters => ({ evalItems: [itemId] });
