import {
  type BookingSaveResponse,
  fromCents,
  type PaymentMode,
  type Quote,
  type SessionUser,
} from '@cusco/shared';
import { Alert, Anchor, Button, Card, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';

export interface StepPaymentProps {
  /** A corporate booking is on credit: no payment choice (spec §2 corporate booking). */
  variant: 'public' | 'corporate';
  user: SessionUser;
  quote: Quote | null;
  isPassenger: boolean;
  onIsPassenger(value: boolean): void;
  termsAccepted: boolean;
  onTermsAccepted(value: boolean): void;
  onOpenTerms(): void;
  paymentMode: PaymentMode;
  onPaymentMode(mode: PaymentMode): void;
  saved: BookingSaveResponse | null;
  saving: boolean;
  onReserve(): void;
  onBack(): void;
  /** Extra controls once the booking is saved (the payment forms). */
  children?: React.ReactNode;
}

/** Spec §2 step 3: the customer, 'Are you a passenger?', the terms, the payment choice, Reserve. */
export function StepPayment(props: StepPaymentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user, quote, saved } = props;
  const money = (cents: number) => formatMoney(fromCents(cents), language);

  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed">
          {t('booking.payment.bookingFor')}
        </Text>
        <Text fw={700}>
          {user.name} {user.lastName}
        </Text>
        <Text size="sm">{user.email}</Text>
        {props.variant === 'corporate' && user.corporateClientName && (
          <Text size="sm" fw={600} mt={4}>
            {t('booking.corporateFor', { company: user.corporateClientName })}
          </Text>
        )}
      </Card>

      <Checkbox
        label={t('booking.payment.isPassenger')}
        description={t('booking.payment.isPassengerHint')}
        checked={props.isPassenger}
        onChange={(event) => props.onIsPassenger(event.currentTarget.checked)}
        disabled={Boolean(saved)}
      />

      <Group gap={6} wrap="nowrap" align="flex-start">
        <Checkbox
          aria-label={`${t('booking.payment.acceptTerms')} ${t('booking.payment.termsLink')}`}
          checked={props.termsAccepted}
          onChange={(event) => props.onTermsAccepted(event.currentTarget.checked)}
          disabled={Boolean(saved)}
          id="accept-terms"
        />
        <Text size="sm" component="label" htmlFor="accept-terms">
          {t('booking.payment.acceptTerms')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={props.onOpenTerms}>
            {t('booking.payment.termsLink')}
          </Anchor>
        </Text>
      </Group>

      {props.variant === 'public' && (
        <Radio.Group
          label={t('booking.payment.choice')}
          description={saved ? undefined : t('booking.payment.choiceDisabled')}
          value={props.paymentMode}
          onChange={(value) => props.onPaymentMode(value as PaymentMode)}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="T"
              disabled={!saved}
              label={`${t('booking.payment.total')}: ${money(quote?.totalCents ?? 0)}`}
            />
            <Radio
              value="P"
              disabled={!saved}
              label={`${t('booking.payment.partial')}: ${money(quote?.partialCents ?? 0)}`}
            />
          </Stack>
        </Radio.Group>
      )}

      {saved ? (
        <Alert color="andes" icon={<IconCircleCheck aria-hidden />} role="status">
          <Text fw={700}>{t('booking.payment.saved', { code: saved.code })}</Text>
          <Text size="sm">
            {t('booking.payment.savedTotal', { total: formatMoney(saved.total, language) })}
          </Text>
          <Anchor component={Link} to={paths.bookingDetail.href(saved.code)} size="sm" fw={600}>
            {t('booking.payment.viewBooking')}
          </Anchor>
        </Alert>
      ) : (
        <Group justify="space-between">
          <Button variant="default" onClick={props.onBack}>
            {t('common.back')}
          </Button>
          <Button size="lg" onClick={props.onReserve} loading={props.saving}>
            {t('booking.payment.reserve')}
          </Button>
        </Group>
      )}
      {saved && props.children}
    </Stack>
  );
}
