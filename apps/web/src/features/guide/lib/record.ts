import type { CheckInMethod, TrailAction, TrailActionKind } from '@cusco/shared';
import { trailQueue } from './trail-queue.ts';

/**
 * Records one action on the trail: its own uuid, kept on the phone at once (shown as pending),
 * then sent at once when the phone has a network.
 */
export async function recordAction(fields: {
  kind: TrailActionKind;
  tourCode: string;
  date: string;
  slotId?: string;
  method?: CheckInMethod;
  note?: string;
}): Promise<TrailAction | null> {
  const queue = trailQueue();
  if (!queue) return null;
  const action: TrailAction = {
    id: crypto.randomUUID(),
    ...fields,
    at: new Date().toISOString(),
  };
  await queue.add(action);
  if (navigator.onLine) void queue.sync();
  return action;
}
