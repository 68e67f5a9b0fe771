import type { Tour } from '@cusco/shared';
import { Button, Group, List, Text } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconCircleX, IconFileText } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/lazy-modal.tsx';
import { TermsModal } from '../../../components/terms-modal.tsx';

// The itinerary's table (Mantine's Table with its scroll area) loads with its dialog (ADR 0053).
const Itinerary = lazy(() =>
  import('./itinerary-table.tsx').then((module) => ({ default: module.Itinerary })),
);

type Panel = 'itinerary' | 'included' | 'notIncluded' | null;

/** Spec §2 booking page modals: itinerary, services included and not, terms and conditions. */
export function TourInfo({
  tour,
  variant,
  terms,
  onTerms,
}: {
  tour: Tour;
  variant: 'standard' | 'corporate';
  /** The terms modal is also opened from step 3. */
  terms: boolean;
  onTerms(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>(null);
  const modal = (name: Exclude<Panel, null>) => ({
    opened: panel === name,
    onClose: () => setPanel(null),
    title: t(`booking.info.${name}`),
    closeButtonProps: { 'aria-label': t('common.close') },
  });
  const button = (label: string, Icon: typeof IconFileText, onClick: () => void) => (
    <Button
      variant="light"
      size="xs"
      leftSection={<Icon size={16} aria-hidden />}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  return (
    <>
      <Group gap="xs">
        {button(t('booking.info.itinerary'), IconCalendarEvent, () => setPanel('itinerary'))}
        {button(t('booking.info.included'), IconCircleCheck, () => setPanel('included'))}
        {button(t('booking.info.notIncluded'), IconCircleX, () => setPanel('notIncluded'))}
        {button(t('booking.info.terms'), IconFileText, () => onTerms(true))}
      </Group>
      <Modal {...modal('itinerary')} size="lg">
        <Itinerary tour={tour} />
      </Modal>
      <Modal {...modal('included')}>
        <NamedList items={tour.includeServices} />
      </Modal>
      <Modal {...modal('notIncluded')}>
        <NamedList items={tour.notincludeServices} />
      </Modal>
      <TermsModal opened={terms} onClose={() => onTerms(false)} variant={variant} />
    </>
  );
}

/** A list of services by name, or 'none'. */
function NamedList({ items }: { items: { name: string }[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <Text c="dimmed">{t('booking.info.none')}</Text>;
  return (
    <List spacing={6}>
      {items.map((item) => (
        <List.Item key={item.name}>{item.name}</List.Item>
      ))}
    </List>
  );
}
