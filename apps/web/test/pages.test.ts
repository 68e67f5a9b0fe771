import { MAX_PAGE_SIZE } from '@cusco/shared';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '../src/lib/api-client.ts';
import { allItems, itemsOfPages, nextPageParam } from '../src/lib/pages.ts';

const items = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `item-${from + index}` }));
const page = (from: number, count: number, total: number): Page<{ id: string }> => ({
  items: items(from, count),
  total,
});

describe('pages of a list', () => {
  it('asks for the next page while fewer items than the total were loaded', () => {
    const first = page(0, 50, 120);
    expect(nextPageParam(first, [first], 1)).toBe(2);
    const second = page(50, 50, 120);
    expect(nextPageParam(second, [first, second], 2)).toBe(3);
    const third = page(100, 20, 120);
    expect(nextPageParam(third, [first, second, third], 3)).toBeUndefined();
  });

  it('stops at an empty page even when the total promised more', () => {
    const first = page(0, 50, 80);
    const empty = page(50, 0, 80);
    expect(nextPageParam(empty, [first, empty], 2)).toBeUndefined();
  });

  it('shows each item once when a page repeats the end of the one before', () => {
    const shown = itemsOfPages([page(0, 3, 5), page(2, 3, 5)]);
    expect(shown.map((item) => item.id)).toEqual([
      'item-0',
      'item-1',
      'item-2',
      'item-3',
      'item-4',
    ]);
    expect(itemsOfPages(undefined)).toEqual([]);
  });

  it('reads every page of the largest size for a complete list', async () => {
    const fetchPage = vi.fn(
      async ({ page: number, pageSize }: { page: number; pageSize: number }) =>
        page((number - 1) * pageSize, Math.min(pageSize, 230 - (number - 1) * pageSize), 230),
    );
    const all = await allItems(fetchPage);
    expect(all).toHaveLength(230);
    expect(fetchPage.mock.calls.map(([request]) => request)).toEqual([
      { page: 1, pageSize: MAX_PAGE_SIZE },
      { page: 2, pageSize: MAX_PAGE_SIZE },
      { page: 3, pageSize: MAX_PAGE_SIZE },
    ]);
  });
});
