import type { Attendance, GuideManifest, GuideTraveller, TrailNote } from '@cusco/shared';
import type { QueuedAction } from './queue.ts';

/**
 * A traveller's attendance as the guide sees it: what the download said, then what the phone did
 * since (pending until sent), and what the server answered (a conflict: another guide came first).
 */
export interface TravellerStatus {
  state: 'checked_in' | 'no_show' | null;
  /** Done on this phone, not sent yet. */
  pending: boolean;
  /** Another guide's check-in or no-show reached the server first: theirs. */
  conflict: Attendance | null;
  /** The server refused this phone's action (a message key). */
  refused: string | null;
}

export function travellerStatus(
  traveller: GuideTraveller,
  entries: readonly QueuedAction[],
): TravellerStatus {
  const status: TravellerStatus = {
    state: traveller.attendance?.state ?? null,
    pending: false,
    conflict: null,
    refused: null,
  };
  for (const entry of entries) {
    const { action } = entry;
    if (action.slotId !== traveller.slotId || action.kind === 'note') continue;
    const kind = action.kind === 'check_in' ? 'checked_in' : 'no_show';
    if (entry.state === 'pending') {
      status.state = kind;
      status.pending = true;
    } else if (entry.state === 'applied' || entry.state === 'duplicate') {
      status.state = kind;
      status.pending = false;
    } else if (entry.state === 'conflict') {
      const first = entry.result?.attendance ?? null;
      status.state = first?.state ?? status.state;
      status.pending = false;
      status.conflict = first;
    } else if (entry.state === 'refused') {
      status.refused = entry.result?.reason ?? 'unknownError';
    }
  }
  return status;
}

/** The notes of a departure: those downloaded, then this phone's (sent or not). */
export interface ShownNote {
  id: string;
  traveller: string;
  text: string;
  at: string;
  by: string | null;
  pending: boolean;
}

export function departureNotes(
  manifest: Pick<GuideManifest, 'tourCode' | 'date' | 'notes' | 'travellers'>,
  entries: readonly QueuedAction[],
): ShownNote[] {
  const known = new Set(manifest.notes.map((note) => note.id));
  const nameOf = (slotId: string | undefined) => {
    const traveller = manifest.travellers.find((candidate) => candidate.slotId === slotId);
    return traveller ? travellerName(traveller) : '';
  };
  return [
    ...manifest.notes.map((note: TrailNote) => ({
      id: note.id,
      traveller: note.traveller,
      text: note.text,
      at: note.at,
      by: note.by,
      pending: false,
    })),
    ...entries
      .filter(
        (entry) =>
          entry.action.kind === 'note' &&
          entry.action.tourCode === manifest.tourCode &&
          entry.action.date === manifest.date &&
          !known.has(entry.action.id),
      )
      .map((entry) => ({
        id: entry.action.id,
        traveller: nameOf(entry.action.slotId),
        text: entry.action.note ?? '',
        at: entry.action.at,
        by: null,
        pending: entry.state === 'pending',
      })),
  ];
}

export function travellerName(traveller: GuideTraveller): string {
  const full = [traveller.name, traveller.lastName].filter(Boolean).join(' ');
  return full || traveller.customerName;
}
