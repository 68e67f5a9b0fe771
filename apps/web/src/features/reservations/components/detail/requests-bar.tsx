import { IncidentTypeId } from '@cusco/shared';
import { Button, Flex } from '@mantine/core';
import { IconCirclePlus, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Section } from './section.tsx';

/** Long button labels wrap on a phone instead of overflowing. */
const wrapping = {
  h: 'auto',
  mih: 42,
  py: 8,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } },
};

/** The actions bar: request a removal (an incident) or add services. */
export function RequestsBar({
  onRequest,
  onAddServices,
}: {
  onRequest: (typeId: string) => void;
  onAddServices: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Section id="detail-requests" title={t('bookingDetail.requests')}>
      <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" wrap="wrap">
        <Button
          {...wrapping}
          variant="light"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => onRequest(IncidentTypeId.removeAdditionalService)}
        >
          {t('bookingDetail.removeServices')}
        </Button>
        <Button
          {...wrapping}
          variant="light"
          leftSection={<IconUserMinus size={18} aria-hidden />}
          onClick={() => onRequest(IncidentTypeId.removePassenger)}
        >
          {t('bookingDetail.removePassengers')}
        </Button>
        <Button
          {...wrapping}
          leftSection={<IconCirclePlus size={18} aria-hidden />}
          onClick={() => onAddServices()}
        >
          {t('bookingDetail.addServices')}
        </Button>
      </Flex>
    </Section>
  );
}
