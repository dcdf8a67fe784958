// Which item the test panel tests, shared by the panel and the items' "Test" buttons: an item's position in the
// form ("section.item"), since a draft's new items have no id yet.
import { createContext, useContext } from 'react';

export interface ItemTestTarget {
  /** The position chosen, as "section.item". */
  chosen: string;
  choose: (position: string) => void;
}

/** Null where items cannot be tested (a grid only shown). */
export const ItemTestTargetContext = createContext<ItemTestTarget | null>(null);

export const useItemTestTarget = () => useContext(ItemTestTargetContext);

/** The test panel's item select, which an item's "Test" button brings into view and focuses. */
export const itemTestSelectId = 'item-test-select';
