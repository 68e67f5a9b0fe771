import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client.ts';

/**
 * Under a list loaded in pages: how many items are shown of how many, and a "Show more" button
 * while more exist. When the next page arrives, the focus moves to its first item (the element
 * marked `data-list-item` in `list`), so a keyboard or screen-reader user continues there.
 */
export function ShowMore({
  list,
  shown,
  total,
  summary,
  hasMore,
  loading,
  error,
  onMore,
}: {
  list: RefObject<HTMLElement | null>;
  shown: number;
  total: number;
  /** "Showing 50 of 120 reservations". */
  summary: string;
  hasMore: boolean;
  loading: boolean;
  /** The failure of the last "Show more", if it failed; the button then tries again. */
  error: unknown;
  onMore(): void;
}) {
  const { t } = useTranslation();
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || shown <= index) return;
    focusIndex.current = null;
    list.current?.querySelectorAll<HTMLElement>('[data-list-item]')[index]?.focus();
  }, [shown, list]);

  const more = () => {
    focusIndex.current = shown;
    onMore();
  };

  return (
    <Stack gap="xs" align="center" mt="lg">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total > shown ? summary : ''}
      </Text>
      {Boolean(error) && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" w="100%" maw={560}>
          {errorMessage(error)}
        </Alert>
      )}
      {hasMore && (
        <Button variant="light" onClick={more} loading={loading} miw={200}>
          {t('common.showMore')}
        </Button>
      )}
    </Stack>
  );
}
