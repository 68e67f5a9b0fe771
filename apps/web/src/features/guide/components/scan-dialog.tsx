import type { GuideManifest } from '@cusco/shared';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { travellerName } from '../lib/attendance.ts';
import { checkVoucher, type VoucherOutcome } from '../lib/check-voucher.ts';
import { cameraAvailable } from '../lib/scanner-support.ts';

const CameraScanner = lazy(() =>
  import('./camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })),
);

/**
 * Check-in by the voucher's QR code (issue 32): the camera (where the browser reads QR codes) or
 * the code typed or pasted; either way the same check on the phone, with no network. A right
 * booking lists its travellers to check in (some or all).
 */
export function ScanDialog({
  manifest,
  opened,
  onClose,
  isCheckedIn,
  onCheckIn,
}: {
  manifest: GuideManifest;
  opened: boolean;
  onClose: () => void;
  /** Whether a traveller already has a check-in (or no-show), on the phone or the server. */
  isCheckedIn: (slotId: string) => boolean;
  onCheckIn: (slotIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<VoucherOutcome | null>(null);
  const [checking, setChecking] = useState(false);
  const [camera, setCamera] = useState(false);
  const check = useCallback(
    async (value: string) => {
      setChecking(true);
      setCamera(false);
      setOutcome(await checkVoucher(value, manifest));
      setChecking(false);
    },
    [manifest],
  );
  const close = () => {
    setText('');
    setOutcome(null);
    setCamera(false);
    onClose();
  };
  const again = () => {
    setText('');
    setOutcome(null);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('guide:scan.title')} fullScreen={false}>
      <Stack gap="sm">
        {cameraAvailable() &&
          !outcome &&
          (camera ? (
            <Suspense fallback={null}>
              <CameraScanner onCode={(value) => void check(value)} />
            </Suspense>
          ) : (
            <Button onClick={() => setCamera(true)}>{t('guide:scan.useCamera')}</Button>
          ))}
        {!outcome && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (text.trim()) void check(text);
            }}
          >
            <Stack gap="xs">
              <TextInput
                label={t('guide:scan.paste')}
                description={t('guide:scan.pasteHint')}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                autoComplete="off"
                spellCheck={false}
              />
              <Button type="submit" loading={checking} disabled={!text.trim()}>
                {t('guide:scan.check')}
              </Button>
            </Stack>
          </form>
        )}
        {outcome && (
          <OutcomeView
            outcome={outcome}
            isCheckedIn={isCheckedIn}
            onCheckIn={(slotIds) => {
              onCheckIn(slotIds);
              close();
            }}
            onAgain={again}
          />
        )}
      </Stack>
    </Modal>
  );
}

function OutcomeView({
  outcome,
  isCheckedIn,
  onCheckIn,
  onAgain,
}: {
  outcome: VoucherOutcome;
  isCheckedIn: (slotId: string) => boolean;
  onCheckIn: (slotIds: string[]) => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const again = (
    <Button variant="default" onClick={onAgain}>
      {t('guide:scan.again')}
    </Button>
  );
  if (outcome.kind !== 'ok') {
    const message =
      outcome.kind === 'otherDeparture'
        ? t('guide:scan.otherDeparture', {
            code: outcome.code,
            date: formatDate(outcome.travelDate, language),
          })
        : outcome.kind === 'cancelled'
          ? t('guide:scan.cancelled', { code: outcome.code })
          : t(`guide:scan.${outcome.kind}`);
    return (
      <Stack gap="sm">
        <Alert
          color={outcome.kind === 'otherDeparture' ? 'yellow' : 'red'}
          title={t(`guide:scan.${outcome.kind}Title`)}
          role="alert"
        >
          {message}
        </Alert>
        {again}
      </Stack>
    );
  }
  return (
    <RightBooking outcome={outcome} isCheckedIn={isCheckedIn} onCheckIn={onCheckIn} again={again} />
  );
}

function RightBooking({
  outcome,
  isCheckedIn,
  onCheckIn,
  again,
}: {
  outcome: Extract<VoucherOutcome, { kind: 'ok' }>;
  isCheckedIn: (slotId: string) => boolean;
  onCheckIn: (slotIds: string[]) => void;
  again: React.ReactNode;
}) {
  const { t } = useTranslation();
  const open = outcome.travellers.filter((traveller) => !isCheckedIn(traveller.slotId));
  const [chosen, setChosen] = useState<string[]>(open.map((traveller) => traveller.slotId));
  const groupId = useId();
  return (
    <Stack gap="sm">
      <Alert color="green" title={t('guide:scan.validTitle')} role="status">
        {t('guide:scan.valid', { code: outcome.code, count: outcome.passengers })}
      </Alert>
      {open.length === 0 ? (
        <Text>{t('guide:scan.allCheckedIn')}</Text>
      ) : (
        <Checkbox.Group
          id={groupId}
          label={t('guide:scan.whoCheckIn')}
          value={chosen}
          onChange={setChosen}
        >
          <Stack gap="xs" mt="xs">
            {outcome.travellers.map((traveller) => (
              <Checkbox
                key={traveller.slotId}
                value={traveller.slotId}
                label={travellerName(traveller)}
                disabled={isCheckedIn(traveller.slotId)}
                description={isCheckedIn(traveller.slotId) ? t('guide:scan.already') : undefined}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group gap="xs">
        {open.length > 0 && (
          <>
            <Button onClick={() => onCheckIn(chosen)} disabled={chosen.length === 0}>
              {t('guide:scan.checkInChosen', { count: chosen.length })}
            </Button>
            {open.length > 1 && (
              <Button
                variant="light"
                onClick={() => onCheckIn(open.map((traveller) => traveller.slotId))}
              >
                {t('guide:scan.checkInAll', { count: open.length })}
              </Button>
            )}
          </>
        )}
        {again}
      </Group>
    </Stack>
  );
}
