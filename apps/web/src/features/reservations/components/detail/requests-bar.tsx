import { IncidentTypeId } from '@cusco/shared';
import { Button, Flex } from '@mantine/core';
import { IconCirclePlus, IconTrash, IconUserMinus, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Section } from './section.tsx';

/** The removals a customer can ask for, each an incident of its type. */
const removals = [
  {
    typeId: IncidentTypeId.removeAdditionalService,
    icon: IconTrash,
    label: 'bookingDetail.removeServices',
  },
  {
    typeId: IncidentTypeId.removePassenger,
    icon: IconUserMinus,
    label: 'bookingDetail.removePassengers',
  },
] as const;

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
        {removals.map(({ typeId, icon, label }) => (
          <RequestButton key={typeId} icon={icon} light onClick={() => onRequest(typeId)}>
            {t(label)}
          </RequestButton>
        ))}
        <RequestButton icon={IconCirclePlus} onClick={() => onAddServices()}>
          {t('bookingDetail.addServices')}
        </RequestButton>
      </Flex>
    </Section>
  );
}

/** A button of the bar with its icon; its long label wraps on a phone instead of overflowing. */
function RequestButton({
  icon: Icon,
  light = false,
  onClick,
  children,
}: {
  icon: TablerIcon;
  light?: boolean;
  onClick(): void;
  children: string;
}) {
  return (
    <Button
      h="auto"
      mih={42}
      py={8}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      {...(light ? { variant: 'light' } : {})}
      leftSection={<Icon size={18} aria-hidden />}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
