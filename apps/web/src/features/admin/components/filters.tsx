import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useAdminText } from '../i18n.ts';
import type { ListUrl } from './url-state.ts';

/**
 * A list screen's filter: a search box or a choice, kept in the URL under its key (labelled
 * `{section}.{key}`, `{section}.search` for `q`), or the `from` and `to` dates.
 */
export type FilterField =
  | { search: string }
  | { select: string; data: { value: string; label: string }[] }
  | 'dates';

/** The filters of a list screen, from their description. */
export function Filters({
  section,
  url,
  fields,
}: {
  section: string;
  url: ListUrl;
  fields: FilterField[];
}) {
  const { t } = useAdminText();
  const labelOf = (key: string) => t(`${section}.${key === 'q' ? 'search' : key}`);
  const props = (key: string) => ({
    label: labelOf(key),
    value: url.values[key] ?? '',
    onChange: (value: string) => url.set(key, value),
  });
  return (
    <FilterBar label={t('filters')}>
      {fields.map((field) => {
        if (field === 'dates') {
          return (
            <DateRangeFilter
              key="dates"
              from={url.values.from ?? ''}
              to={url.values.to ?? ''}
              labels={{ from: t('from'), to: t('to') }}
              onChange={url.set}
            />
          );
        }
        if ('search' in field) {
          return <SearchFilter key={field.search} {...props(field.search)} />;
        }
        return (
          <SelectFilter
            key={field.select}
            {...props(field.select)}
            data={field.data}
            allLabel={t('all')}
          />
        );
      })}
    </FilterBar>
  );
}

/** A row of filters above a table, wrapping on a phone. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group role="search" aria-label={label} align="flex-end" gap="sm" mb="md" wrap="wrap">
      {children}
    </Group>
  );
}

/** A filter's field: its label, its value in the URL, and how to change it. */
interface FilterProps {
  label: string;
  value: string;
  onChange(value: string): void;
}

/** A search box that updates the URL as the user types (debounced), not on every key. */
export function SearchFilter({ label, value, onChange }: FilterProps) {
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(onChange, 300);
  return (
    <TextInput
      label={label}
      type="search"
      value={text}
      maxLength={100}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value.trim());
      }}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

/** A choice among options, or "all" (empty). */
export function SelectFilter({
  label,
  value,
  data,
  allLabel,
  onChange,
}: FilterProps & { data: { value: string; label: string }[]; allLabel: string }) {
  return (
    <Select
      label={label}
      value={value}
      data={[{ value: '', label: allLabel }, ...data]}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      w={{ base: '100%', sm: 200 }}
    />
  );
}

/** A date (YYYY-MM-DD), with the browser's own picker. */
function DateFilter({ label, value, onChange }: FilterProps) {
  return (
    <TextInput
      label={label}
      type="date"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: 170 }}
    />
  );
}

/** From and to dates, kept in the URL as `from` and `to`. */
export function DateRangeFilter({
  from,
  to,
  labels,
  onChange,
}: {
  from: string;
  to: string;
  labels: { from: string; to: string };
  onChange(key: 'from' | 'to', value: string): void;
}) {
  return (
    <>
      <DateFilter label={labels.from} value={from} onChange={(value) => onChange('from', value)} />
      <DateFilter label={labels.to} value={to} onChange={(value) => onChange('to', value)} />
    </>
  );
}
