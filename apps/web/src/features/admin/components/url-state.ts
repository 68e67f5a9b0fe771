import { useSearchParams } from 'react-router';

/** What a list or its filters need of the URL state (methods, so any screen's keys fit). */
export interface ListUrl {
  values: Partial<Record<string, string>>;
  page: number;
  set(key: string, value: string): void;
  setPage(page: number): void;
}

/**
 * A screen's filters, sort and page kept in the URL (`?q=…&page=2`): a reload, a shared link or
 * Back shows the same list. Changing a filter goes back to the first page.
 */
export function useUrlState<Key extends string>(keys: readonly Key[]) {
  const [search, setSearch] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, search.get(key) ?? ''])) as Record<
    Key,
    string
  >;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

  const update = (changes: Record<string, string>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  return {
    values,
    page,
    set: (key: Key, value: string) => update({ [key]: value }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : '' }),
    /** The filters that are set, for the API's query string. */
    query: Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Record<
      string,
      string
    >,
  };
}
