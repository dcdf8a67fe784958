// The evaluation grid as the rules engine and the scoring read it. Field names are the API's (snake_case), so a
// grid parsed by the contract's schema can be passed as it is; only the fields these modules read are required.

export type ItemType = 'binary_item' | 'multiple_levels_item' | 'composed_item';

/** Whose turns a rule reads. */
export type RuleSpeaker = 'agent' | 'customer' | 'any';

/** How the local engine answers a binary item (or a sub-item) from the conversation's turns. */
export interface ItemRules {
  any_of: readonly string[];
  speaker: RuleSpeaker;
  /** Only turns 1..N are read. */
  within_first_turns?: number | undefined;
  /** Only the last N turns are read. */
  within_last_turns?: number | undefined;
  /** Met when none of `any_of` occurs, instead of when one does. */
  absent: boolean;
  /** Items with `allow_na`: the answer is `na` when none of these occurs in the turns read. */
  na_unless_any_of?: readonly string[] | undefined;
}

export interface ItemLevel {
  name: string;
  description?: string | undefined;
  /** 0–100. */
  score: number;
}

/** A yes/no part of a composed item; it carries its own rules. */
export interface SubItem {
  id: string;
  name: string;
  /** What the sub-item asks, for engines that read the criteria (the rules engine does not). */
  description?: string | undefined;
  type: 'binary_item';
  allow_na: boolean;
  rules?: ItemRules | undefined;
}

export interface GridItem {
  id: string;
  name: string;
  description: string;
  type: ItemType;
  weight: number;
  critical: boolean;
  allow_na: boolean;
  rules?: ItemRules | undefined;
  /** Multiple-levels items only. */
  levels?: readonly ItemLevel[] | undefined;
  /** Composed items only. */
  sub_items?: readonly SubItem[] | undefined;
}

export interface GridSection {
  id: string;
  name: string;
  items: readonly GridItem[];
}

export interface AdditionalScore {
  id: string;
  name: string;
  item_ids: readonly string[];
}

export interface Grid {
  sections: readonly GridSection[];
  additional_scores: readonly AdditionalScore[];
}

/** The answer to a binary item or a sub-item. */
export type BinaryValue = 'yes' | 'no' | 'na';

/** The answer to a composed item: one binary answer per sub-item, by sub-item id. */
export type ComposedValue = Readonly<Record<string, BinaryValue>>;

/**
 * An item's answer: `yes` | `no` | `na` for a binary item, a level index or `na` for a multiple-levels item,
 * one answer per sub-item for a composed item.
 */
export type ItemValue = BinaryValue | number | ComposedValue;

/** Every item of the grid, section by section, in order. */
export const gridItems = (grid: Grid): GridItem[] => grid.sections.flatMap((section) => section.items);
