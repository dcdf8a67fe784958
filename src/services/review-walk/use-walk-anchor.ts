// The place the shown conversation last had among the walk's loaded conversations, kept for when it leaves them
// (see walk-step.ts); the conversation page mounts afresh for each conversation, so this never outlives one.
import { useState } from 'react';

export interface WalkAnchor {
  index: number;
  total: number | null;
}

/** The conversation's place now (`index`, -1 when not among them) or, when it left, the last one it had. */
export function useWalkAnchor(index: number, total: number | null): WalkAnchor | null {
  const [anchor, setAnchor] = useState<WalkAnchor | null>(null);
  // Kept as React keeps state derived from props: set while rendering, before the children render.
  if (index >= 0 && (anchor?.index !== index || anchor.total !== total)) setAnchor({ index, total });
  return index >= 0 ? { index, total } : anchor;
}
