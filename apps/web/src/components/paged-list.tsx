import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../lib/api-client.ts';
import { itemsOfPages } from '../lib/pages.ts';
import { ShowMore } from './show-more.tsx';

/** What a list read page after page (an infinite query) tells. */
interface PagedQuery<Item> {
  data: { pages: Page<Item>[] } | undefined;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * A list read page after page: its items so far (each once), the ref of the element that holds
 * them (the focus moves there when more arrive) and the "Show more" to put under them, whose
 * summary is `summaryKey` with the counts shown and total.
 */
export function usePagedList<Item extends { id: string }>(
  query: PagedQuery<Item>,
  summaryKey: string,
) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const items = itemsOfPages(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const showMore = (
    <ShowMore
      list={list}
      shown={items.length}
      total={total}
      summary={t(summaryKey, { shown: items.length, total, count: total })}
      hasMore={query.hasNextPage}
      loading={query.isFetchingNextPage}
      error={query.isFetchNextPageError ? query.error : null}
      onMore={() => void query.fetchNextPage()}
    />
  );
  return { items, list, showMore };
}
