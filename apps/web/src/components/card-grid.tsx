import { Card, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** A grid of cards: one column on a phone, two on a tablet, three on a wide screen. */
export function CardGrid(props: Omit<SimpleGridProps, 'cols'> & { ref?: Ref<HTMLDivElement> }) {
  return <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} {...props} />;
}

/**
 * While a grid of cards loads: three cards of the placeholder lines given, the grid busy, and
 * named as a status (a name on an element without a role is not allowed: axe, aria-prohibited-attr).
 */
export function CardSkeletons({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <CardGrid role="status" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder padding="lg">
          {children}
        </Card>
      ))}
    </CardGrid>
  );
}
