// The weakest items of the grids: those with an average score, lowest first (then in grid order).
import type { ItemDetails } from '../../../contract/dashboard-graphs';

export type ItemDetail = ItemDetails['items'][number];
export type ScoredItem = ItemDetail & { average_score: number };

export function weakestItems(items: readonly ItemDetail[], limit = Infinity): ScoredItem[] {
  return items
    .map((item, order) => ({ item, order }))
    .filter((entry): entry is { item: ScoredItem; order: number } => entry.item.average_score !== null)
    .sort((a, b) => a.item.average_score - b.item.average_score || a.order - b.order)
    .slice(0, limit)
    .map(({ item }) => item);
}
