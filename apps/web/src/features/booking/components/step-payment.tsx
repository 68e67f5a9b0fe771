import {
  amountToPayCents,
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
  /** Reserve was pressed without the terms accepted: said beside the checkbox (ADR 0038). */
  termsError?: string | null;
  onOpenTerms(): void;
  paymentMode: PaymentMode;
  onPaymentMode(mode: PaymentMode): void;
  saved: BookingSaveResponse | null;
  /** Saving the booking, or opening its checkout. */
  saving: boolean;
  /** Saves the booking; a public one's checkout then opens at once (issue 12, pay in one step). */
  onReserve(): void;
  onBack(): void;
  /** Extra controls once the booking is saved (the payment forms). */
  children?: React.ReactNode;
  /** "I need a factura (RUC)" (issue 30): a public booking's, above the payment choice. */
  invoice?: React.ReactNode;
}

/**
 * Spec §2 step 3: the customer, 'Are you a passenger?', the terms, the payment choice, and one
 * button. A public booking's is 'Reserve and pay': the amount is chosen first, and the checkout
 * opens as soon as the booking is saved (issue 12). A corporate booking is on credit: 'Reserve'.
 */
export function StepPayment(props: StepPaymentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { saved, quote } = props;
  const reserveLabel =
    props.variant === 'public' && quote
      ? t('booking.payment.reserveAndPay', {
          amount: formatMoney(fromCents(amountToPayCents(quote, props.paymentMode)), language),
        })
      : t('booking.payment.reserve');

  return (
    <Stack gap="lg">
      <BookingFor user={props.user} variant={props.variant} />

      <Checkbox
        label={t('booking.payment.isPassenger')}
        description={t('booking.payment.isPassengerHint')}
        checked={props.isPassenger}
        onChange={(event) => props.onIsPassenger(event.currentTarget.checked)}
        disabled={Boolean(saved)}
      />

      <TermsCheckbox {...props} />

      {props.invoice}

      {props.variant === 'public' && <PaymentChoice {...props} />}

      {saved ? (
        <SavedNotice saved={saved} />
      ) : (
        <Group justify="space-between">
          <Button variant="default" onClick={props.onBack}>
            {t('common.back')}
          </Button>
          <Button size="lg" onClick={props.onReserve} loading={props.saving}>
            {reserveLabel}
          </Button>
        </Group>
      )}
      {saved && props.children}
    </Stack>
  );
}

/** Who the booking is for: the signed-in customer, and the company of a corporate booking. */
function BookingFor({ user, variant }: Pick<StepPaymentProps, 'user' | 'variant'>) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {t('booking.payment.bookingFor')}
      </Text>
      <Text fw={700}>
        {user.name} {user.lastName}
      </Text>
      <Text size="sm">{user.email}</Text>
      {variant === 'corporate' && user.corporateClientName && (
        <Text size="sm" fw={600} mt={4}>
          {t('booking.corporateFor', { company: user.corporateClientName })}
        </Text>
      )}
    </Card>
  );
}

/**
 * 'I accept the Terms and Conditions', whose link opens them (the checkbox is named in full);
 * `termsError` says beside it that they must be accepted.
 */
function TermsCheckbox({
  termsAccepted,
  onTermsAccepted,
  termsError,
  onOpenTerms,
  saved,
}: Pick<
  StepPaymentProps,
  'termsAccepted' | 'onTermsAccepted' | 'termsError' | 'onOpenTerms' | 'saved'
>) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Checkbox
          aria-label={`${t('booking.payment.acceptTerms')} ${t('booking.payment.termsLink')}`}
          checked={termsAccepted}
          onChange={(event) => onTermsAccepted(event.currentTarget.checked)}
          disabled={Boolean(saved)}
          id="accept-terms"
          error={Boolean(termsError)}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? 'accept-terms-error' : undefined}
        />
        <Text size="sm" component="label" htmlFor="accept-terms">
          {t('booking.payment.acceptTerms')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={onOpenTerms}>
            {t('booking.payment.termsLink')}
          </Anchor>
        </Text>
      </Group>
      {termsError && (
        <Text
          size="sm"
          fw={600}
          c="var(--mantine-color-error)"
          role="alert"
          id="accept-terms-error"
        >
          {termsError}
        </Text>
      )}
    </Stack>
  );
}

/** Pay the total or the partial amount: chosen before the booking is saved, and after. */
function PaymentChoice({
  quote,
  paymentMode,
  onPaymentMode,
}: Pick<StepPaymentProps, 'quote' | 'paymentMode' | 'onPaymentMode'>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (cents: number) => formatMoney(fromCents(cents), language);
  return (
    <Radio.Group
      label={t('booking.payment.choice')}
      value={paymentMode}
      onChange={(value) => onPaymentMode(value as PaymentMode)}
    >
      <Stack gap="xs" mt="xs">
        <Radio
          value="T"
          label={`${t('booking.payment.total')}: ${money(quote?.totalCents ?? 0)}`}
        />
        <Radio
          value="P"
          label={`${t('booking.payment.partial')}: ${money(quote?.partialCents ?? 0)}`}
          // How the deposit is made, beside its figure (issue 12): the rule of shared pricing.
          description={t('booking.payment.partialHow')}
        />
      </Stack>
    </Radio.Group>
  );
}

/** The booking saved: its code, its total and a link to it. */
function SavedNotice({ saved }: { saved: BookingSaveResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Alert color="andes" icon={<IconCircleCheck aria-hidden />} role="status">
      <Text fw={700}>{t('booking.payment.saved', { code: saved.code })}</Text>
      <Text size="sm">
        {t('booking.payment.savedTotal', { total: formatMoney(saved.total, language) })}
      </Text>
      <Anchor component={Link} to={paths.bookingDetail.href(saved.code)} size="sm" fw={600}>
        {t('booking.payment.viewBooking')}
      </Anchor>
    </Alert>
  );
}
