import {
  type GuideTraveller,
  TRAIL_BATCH_MAX,
  type TrailAction,
  type TrailActionsRequest,
  type TrailActionsResponse,
} from '@cusco/shared';
import { describe, expect, it, vi } from 'vitest';
import { departureNotes, travellerStatus } from '../src/features/guide/lib/attendance.ts';
import { createTrailQueue, type QueuedAction } from '../src/features/guide/lib/queue.ts';

/** A queue over a storage in memory (as IndexedDB keeps it) and a fake server. */
function setUp(
  options: {
    stored?: QueuedAction[];
    answer?: (body: TrailActionsRequest) => Promise<TrailActionsResponse>;
    permanent?: (error: unknown) => boolean;
  } = {},
) {
  let stored = options.stored;
  const saves: QueuedAction[][] = [];
  const send = vi.fn(
    options.answer ??
      (async (body: TrailActionsRequest) => ({
        results: body.actions.map((action) => ({ id: action.id, outcome: 'applied' as const })),
      })),
  );
  const queue = createTrailQueue({
    storage: {
      load: async () => stored,
      save: async (entries) => {
        stored = entries;
        saves.push(entries);
      },
    },
    send,
    deviceId: () => 'phone-1',
    ...(options.permanent ? { isPermanentFailure: options.permanent } : {}),
  });
  return { queue, send, saves, stored: () => stored };
}

let n = 0;
function action(fields: Partial<TrailAction> = {}): TrailAction {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'check_in',
    tourCode: 'IT4D',
    date: '2027-05-12',
    slotId: '11111111-1111-4111-8111-111111111111',
    method: 'name',
    at: '2027-05-12T06:00:00.000Z',
    ...fields,
  };
}

describe('the guide’s queue of actions (issue 32)', () => {
  it('keeps an action on the phone at once, pending, before anything is sent', async () => {
    const { queue, send, stored } = setUp();
    await queue.ready;
    const first = action();
    await queue.add(first);
    expect(queue.entries()).toEqual([{ action: first, state: 'pending' }]);
    expect(stored()).toEqual([{ action: first, state: 'pending' }]);
    expect(queue.pendingCount()).toBe(1);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends what is pending with the phone’s id and records each answer', async () => {
    const [a, b, c, d] = [action(), action({ kind: 'no_show' }), action(), action()];
    const { queue, send } = setUp({
      answer: async () => ({
        results: [
          { id: a.id, outcome: 'applied' },
          { id: b.id, outcome: 'duplicate' },
          {
            id: c.id,
            outcome: 'conflict',
            attendance: {
              state: 'checked_in',
              method: 'qr',
              at: '2027-05-12T05:59:00.000Z',
              receivedAt: '2027-05-12T06:01:00.000Z',
              by: 'Other Guide',
            },
          },
          { id: d.id, outcome: 'refused', reason: 'notFound' },
        ],
      }),
    });
    for (const item of [a, b, c, d]) await queue.add(item);
    expect(await queue.sync()).toEqual({ sent: 4, failed: false });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toEqual({ deviceId: 'phone-1', actions: [a, b, c, d] });
    expect(queue.entries().map((entry) => entry.state)).toEqual([
      'applied',
      'duplicate',
      'conflict',
      'refused',
    ]);
    expect(queue.pendingCount()).toBe(0);
    // Nothing is sent twice.
    expect(await queue.sync()).toEqual({ sent: 0, failed: false });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps everything pending when the network fails, and sends the same ids again later', async () => {
    let online = false;
    const { queue, send } = setUp({
      answer: async (body) => {
        if (!online) throw new TypeError('Failed to fetch');
        return { results: body.actions.map((item) => ({ id: item.id, outcome: 'applied' })) };
      },
    });
    const first = action();
    await queue.add(first);
    expect(await queue.sync()).toEqual({ sent: 0, failed: true });
    expect(queue.entries()[0]?.state).toBe('pending');
    online = true;
    expect(await queue.sync()).toEqual({ sent: 1, failed: false });
    // Both attempts carried the same action id: the server recognises a retry.
    expect(send.mock.calls.map((call) => call[0].actions[0]?.id)).toEqual([first.id, first.id]);
    expect(queue.entries()[0]?.state).toBe('applied');
  });

  it('runs one sync at a time: a second call joins the first', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { queue, send } = setUp({
      answer: async (body) => {
        await gate;
        return { results: body.actions.map((item) => ({ id: item.id, outcome: 'applied' })) };
      },
    });
    await queue.add(action());
    const one = queue.sync();
    const two = queue.sync();
    expect(two).toBe(one);
    release();
    await one;
    expect(send).toHaveBeenCalledTimes(1);
  });

  it(`sends a long queue in batches of ${TRAIL_BATCH_MAX}`, async () => {
    const { queue, send } = setUp();
    for (let i = 0; i < TRAIL_BATCH_MAX + 5; i += 1) await queue.add(action({ kind: 'note' }));
    expect(await queue.sync()).toEqual({ sent: TRAIL_BATCH_MAX + 5, failed: false });
    expect(send.mock.calls.map((call) => call[0].actions.length)).toEqual([TRAIL_BATCH_MAX, 5]);
  });

  it('marks a batch the server will never take as refused instead of retrying it for ever', async () => {
    const { queue } = setUp({
      answer: async () => {
        throw Object.assign(new Error('bad'), { status: 400 });
      },
      permanent: (error) => (error as { status?: number }).status === 400,
    });
    await queue.add(action());
    await queue.sync();
    expect(queue.entries()[0]?.state).toBe('refused');
  });

  it('comes back from the phone’s storage, and never adds the same action twice', async () => {
    const kept = action();
    const { queue } = setUp({ stored: [{ action: kept, state: 'pending' }] });
    await queue.ready;
    await queue.add(kept);
    expect(queue.entries()).toHaveLength(1);
    expect(queue.pendingCount()).toBe(1);
  });

  it('forgets a departure’s settled actions, never its pending ones', async () => {
    const sent = action();
    const waiting = action();
    const other = action({ date: '2027-06-01' });
    const { queue } = setUp({
      stored: [
        { action: sent, state: 'applied' },
        { action: waiting, state: 'pending' },
        { action: other, state: 'applied' },
      ],
    });
    await queue.forget('IT4D', '2027-05-12');
    expect(queue.entries().map((entry) => entry.action.id)).toEqual([waiting.id, other.id]);
  });
});

describe('a traveller’s status on the guide’s phone', () => {
  const traveller = {
    slotId: '11111111-1111-4111-8111-111111111111',
    attendance: null,
    name: 'Ana',
    lastName: 'Quispe',
    customerName: 'Ana Quispe',
  } as GuideTraveller;

  it('is the download’s until the phone does something, then pending until sent', () => {
    expect(travellerStatus(traveller, [])).toMatchObject({ state: null, pending: false });
    const pending = [{ action: action(), state: 'pending' as const }];
    expect(travellerStatus(traveller, pending)).toMatchObject({
      state: 'checked_in',
      pending: true,
    });
    const applied = [{ action: action({ kind: 'no_show' }), state: 'applied' as const }];
    expect(travellerStatus(traveller, applied)).toMatchObject({ state: 'no_show', pending: false });
  });

  it('shows whose check-in came first after a conflict', () => {
    const first = {
      state: 'checked_in' as const,
      method: 'qr' as const,
      at: '2027-05-12T05:59:00.000Z',
      receivedAt: '2027-05-12T06:01:00.000Z',
      by: 'Other Guide',
    };
    const entries: QueuedAction[] = [
      {
        action: action({ kind: 'no_show' }),
        state: 'conflict',
        result: { id: 'x', outcome: 'conflict', attendance: first },
      },
    ];
    expect(travellerStatus(traveller, entries)).toMatchObject({
      state: 'checked_in',
      conflict: first,
    });
  });

  it('lists the phone’s notes after the downloaded ones, unsent ones marked', () => {
    const note = action({ kind: 'note', note: 'Twisted ankle', slotId: traveller.slotId });
    const notes = departureNotes(
      { tourCode: 'IT4D', date: '2027-05-12', notes: [], travellers: [traveller] },
      [{ action: note, state: 'pending' }],
    );
    expect(notes).toEqual([
      expect.objectContaining({ traveller: 'Ana Quispe', text: 'Twisted ankle', pending: true }),
    ]);
  });
});
