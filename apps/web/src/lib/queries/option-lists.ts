import { type OptionListKey, optionList } from '@cusco/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useLanguage } from '../i18n.ts';

const toSelect = (items: { id: string; name: string }[]) =>
  items.map((item) => ({ value: item.id, label: item.name }));

/** GET optionlist/listbykey/{key}: one of the passenger form's option lists. */
export function useOptionList(key: OptionListKey) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['optionlist', key, language],
    queryFn: ({ signal }) => api.get(`optionlist/listbykey/${key}`, { schema: optionList, signal }),
    select: toSelect,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET job/list: occupations. */
export function useJobs() {
  const language = useLanguage();
  return useQuery({
    queryKey: ['jobs', language],
    queryFn: ({ signal }) => api.get('job/list', { schema: optionList, signal }),
    select: toSelect,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
