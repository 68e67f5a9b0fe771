import type { Tour } from '@cusco/shared';
import { Button, Group, List, Modal, Table, Text } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconCircleX, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TermsModal } from '../../../components/terms-modal.tsx';

type Panel = 'itinerary' | 'included' | 'notIncluded' | 'terms' | null;

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
  const close = () => setPanel(null);
  const list = (items: { name: string }[]) =>
    items.length === 0 ? (
      <Text c="dimmed">{t('booking.info.none')}</Text>
    ) : (
      <List spacing={6}>
        {items.map((item) => (
          <List.Item key={item.name}>{item.name}</List.Item>
        ))}
      </List>
    );

  return (
    <>
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCalendarEvent size={16} aria-hidden />}
          onClick={() => setPanel('itinerary')}
        >
          {t('booking.info.itinerary')}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          onClick={() => setPanel('included')}
        >
          {t('booking.info.included')}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCircleX size={16} aria-hidden />}
          onClick={() => setPanel('notIncluded')}
        >
          {t('booking.info.notIncluded')}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFileText size={16} aria-hidden />}
          onClick={() => onTerms(true)}
        >
          {t('booking.info.terms')}
        </Button>
      </Group>

      <Modal
        opened={panel === 'itinerary'}
        onClose={close}
        title={t('booking.info.itinerary')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('booking.info.day')}</Table.Th>
              <Table.Th>{t('booking.info.event')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tour.itinerary.map((entry) => (
              <Table.Tr key={`${entry.day}-${entry.name}`}>
                <Table.Td>{t('booking.info.dayNumber', { day: entry.day })}</Table.Td>
                <Table.Td>{entry.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
      <Modal
        opened={panel === 'included'}
        onClose={close}
        title={t('booking.info.included')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {list(tour.includeServices)}
      </Modal>
      <Modal
        opened={panel === 'notIncluded'}
        onClose={close}
        title={t('booking.info.notIncluded')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {list(tour.notincludeServices)}
      </Modal>
      <TermsModal opened={terms} onClose={() => onTerms(false)} variant={variant} />
    </>
  );
}
