import type { GuideTraveller } from '@cusco/shared';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { type TravellerStatus, travellerName } from '../lib/attendance.ts';

/** One traveller of the departure: who they are, what the guide must know, and check-in. */
export function TravellerCard({
  traveller,
  status,
  onCheckIn,
  onNoShow,
  onNote,
}: {
  traveller: GuideTraveller;
  status: TravellerStatus;
  onCheckIn: () => void;
  onNoShow: () => void;
  onNote: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = travellerName(traveller);
  const titleId = `traveller-${traveller.slotId}`;
  const done = status.state !== null;
  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={titleId} data-testid="traveller">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            {name}
          </Title>
          <StatusBadge status={status} />
        </Group>
        <Text size="sm">
          {[
            traveller.age !== null ? t('guide:age', { count: traveller.age }) : null,
            traveller.customerType,
            t('guide:booking', { code: traveller.bookingCode }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {traveller.documentNumber && (
          <Text size="sm">
            {t('guide:document')}: {traveller.documentType} {traveller.documentNumber}
            {traveller.nationality ? ` (${traveller.nationality})` : ''}
          </Text>
        )}
        {(traveller.foodPreference || traveller.diet) && (
          <Text size="sm">
            {t('guide:diet')}: {traveller.diet || traveller.foodPreference}
          </Text>
        )}
        {traveller.allergies && (
          <Text size="sm" fw={600}>
            {t('guide:allergies')}: {traveller.allergies}
          </Text>
        )}
        {traveller.medicalNotes && (
          <Text size="sm" fw={600}>
            {t('guide:medical')}: {traveller.medicalNotes}
          </Text>
        )}
        {traveller.emergencyContactName && (
          <Text size="sm">
            {t('guide:emergencyContact')}: {traveller.emergencyContactName}
            {traveller.emergencyContactPhone && (
              <>
                {' '}
                <Anchor
                  size="sm"
                  underline="always"
                  href={`tel:${traveller.emergencyContactPhone}`}
                >
                  {traveller.emergencyContactPhone}
                </Anchor>
              </>
            )}
          </Text>
        )}
        {traveller.references.length > 0 && (
          <Text size="sm">
            {t('guide:references')}:{' '}
            {traveller.references.map((ref) => `${ref.item} ${ref.reference}`).join('; ')}
          </Text>
        )}
        {status.conflict && (
          <Text size="sm" c="red.9" fw={600} role="note">
            {t('guide:conflict', {
              by: status.conflict.by,
              time: formatDateTime(status.conflict.at, language),
            })}
          </Text>
        )}
        {status.refused && (
          <Text size="sm" c="red.9">
            {t('guide:refused', { reason: t(`msg:${status.refused}`, t('msg:unknownError')) })}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button size="xs" onClick={onCheckIn} disabled={done} aria-describedby={titleId}>
            {t('guide:checkIn')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onNoShow}
            disabled={done}
            aria-describedby={titleId}
          >
            {t('guide:noShow')}
          </Button>
          <Button size="xs" variant="default" onClick={onNote} aria-describedby={titleId}>
            {t('guide:addNote')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function StatusBadge({ status }: { status: TravellerStatus }) {
  const { t } = useTranslation();
  if (status.state === null)
    return (
      <Badge variant="outline" color="gray.8">
        {t('guide:notYet')}
      </Badge>
    );
  const label = status.state === 'checked_in' ? t('guide:checkedIn') : t('guide:noShowState');
  return (
    <Badge
      color={status.state === 'checked_in' ? 'andes.8' : 'red.9'}
      variant={status.pending ? 'outline' : 'filled'}
    >
      {status.pending ? t('guide:pendingState', { state: label }) : label}
    </Badge>
  );
}
