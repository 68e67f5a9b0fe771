import type {
  DocumentChangeItem,
  DocumentChangesAnswer,
  PassengerRegistryItem,
} from '@cusco/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showErrorModal } from '../../../../lib/error-modal.tsx';
import { formatLongDate, formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useWithdrawDocumentChange } from '../../api/document-changes.ts';

/** A tint per status, behind dark text (the colour is only a cue: the badge says it). */
const statusColors: Record<DocumentChangeItem['status'], string> = {
  requested: 'yellow',
  confirmed: 'andes',
  refused: 'red',
  withdrawn: 'gray',
};

/**
 * A passenger's document change on their card (issue 29): for a passenger whose permit is bought
 * (their data locked), the way to change a passport or last name while the tour's last day for
 * changes has not passed, and the latest request's status (with Withdraw while it waits).
 */
export function SlotDocumentChange({
  code,
  slot,
  data,
  onAsk,
}: {
  code: string;
  slot: PassengerRegistryItem;
  data: DocumentChangesAnswer;
  onAsk(slot: PassengerRegistryItem): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const state = data.slots.find((candidate) => candidate.slotId === slot.id);
  const latest = data.requests.find((request) => request.passengerSlotId === slot.id);
  if (!state?.locked && !latest) return null;
  const waiting = state?.openRequestId !== null && state?.openRequestId !== undefined;
  return (
    <Stack gap={6} mt="xs" data-testid={`doc-change-${slot.number}`}>
      {latest && <LatestRequest code={code} number={slot.number} request={latest} />}
      {state?.locked && !waiting && (
        <Group gap="xs" wrap="wrap" align="center">
          <IconLock size={16} aria-hidden />
          {data.open ? (
            <Button size="xs" variant="light" onClick={() => onAsk(slot)}>
              {t('docChange.ask')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('docChange.closed', { date: formatLongDate(data.lastDay, language) })}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The latest request of a passenger: its status, what it changes, and Withdraw while it waits. */
function LatestRequest({
  code,
  number,
  request,
}: {
  code: string;
  number: number;
  request: DocumentChangeItem;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const withdraw = useWithdrawDocumentChange(code);
  const fee = formatMoney(request.fee, language);
  const askWithdraw = () =>
    modals.openConfirmModal({
      title: t('docChange.withdrawTitle', { number }),
      children: <Text>{t('docChange.withdrawText')}</Text>,
      labels: { confirm: t('docChange.withdraw'), cancel: t('docChange.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => withdraw.mutate(request.id, { onError: showErrorModal }),
    });
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="doc-change-status">
      <Group gap="xs" wrap="wrap" mb={4}>
        <Text size="sm" fw={700}>
          {t('docChange.requestTitle')}
        </Text>
        <Badge color={statusColors[request.status]} variant="light" size="sm" c="dark.7">
          {t(`docChange.status.${request.status}`)}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Text size="sm">{t(`docChange.statusText.${request.status}`, { fee })}</Text>
        {request.status === 'refused' && request.reason && (
          <Text size="sm" fs="italic">
            {request.reason}
          </Text>
        )}
        {request.status === 'requested' && (
          <Button
            size="xs"
            variant="light"
            color="red"
            c="red.9"
            w="fit-content"
            onClick={askWithdraw}
            loading={withdraw.isPending}
          >
            {t('docChange.withdraw')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
