import { startTransition, useEffect, useState } from 'react';

/**
 * False at a component's first render, true from a background render right after its first
 * commit. A screen draws what lies below its first screenful one step later (ADR 0053, decision
 * 14): the first paint, and a phone's largest one, then wait only for what is seen first, and
 * the rest is drawn in a render that yields to the browser, not in the first commit's long task.
 * Only for what is out of sight at first: anything on the first screenful would move when the
 * rest arrives.
 */
export function useDrawnLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    startTransition(() => setLater(true));
  }, []);
  return later;
}
