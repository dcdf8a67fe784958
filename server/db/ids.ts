// Ids are UUID v7, so that they sort by creation time and keyset pages can follow them.
import { v7 } from 'uuid';

/** A new id; pass `at` to date it (for records created with a past timestamp). */
export const newId = (at?: Date): string => (at ? v7({ msecs: at.getTime() }) : v7());
