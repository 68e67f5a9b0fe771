import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@cusco/shared';
import type { Page } from './api-client.ts';

/** The page size of lists shown with "Show more". */
export const LIST_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * The page after the last one loaded, while the list has more items than were loaded (an empty
 * page ends the list whatever the total says, so a list that shrinks cannot loop).
 */
export function nextPageParam<T>(
  lastPage: Page<T>,
  pages: Page<T>[],
  lastPageParam: number,
): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return lastPage.items.length > 0 && loaded < lastPage.total ? lastPageParam + 1 : undefined;
}

/**
 * The items of the pages loaded, in order, each once: an item added or removed between two pages
 * shifts the next page, which may then repeat the last item of the one before.
 */
export function itemsOfPages<T extends { id: string }>(pages: Page<T>[] | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const item of (pages ?? []).flatMap((page) => page.items)) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return items;
}

/** Every item of a paginated list, read page after page of the largest size the API serves. */
export async function allItems<T extends { id: string }>(
  fetchPage: (page: { page: number; pageSize: number }) => Promise<Page<T>>,
): Promise<T[]> {
  const pages: Page<T>[] = [];
  let page: number | undefined = 1;
  while (page !== undefined) {
    const current = await fetchPage({ page, pageSize: MAX_PAGE_SIZE });
    pages.push(current);
    page = nextPageParam(current, pages, page);
  }
  return itemsOfPages(pages);
}
