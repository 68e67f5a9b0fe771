import {
  type AdminBookingDetail,
  type ChangeQuoteAnswer,
  type ChangeRequest,
  type RefundDestination,
  type StaffChangeRequest,
  todayInLima,
} from '@cusco/shared';
import {
  Button,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { FormModal } from '../../../../components/form-modal.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { randomId } from '../../../../lib/ids.ts';
import { useStaffChange, useStaffChangeQuote } from '../../api/admin-api.ts';
import { useDeskTour } from '../../api/desk-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';

/** The changes made here (a cancellation has its own dialog). */
export type ChangeKindHere = 'date' | 'option' | 'addPassenger' | 'removePassenger';

interface Preview {
  body: StaffChangeRequest;
  quote: ChangeQuoteAnswer;
  key: string;
}

/**
 * Staff change a booking for its customer (issue 28) with the customer's own change functions
 * (issue 27's staff twins): the date, the type or category, a passenger added or removed. The
 * form, then the server's quote (the total before and after, the difference, every line with its
 * reason, the refund and the balance), then Confirm with the preview's Idempotency-Key.
 */
export function ChangeModal({
  kind,
  data,
  onClose,
}: {
  kind: ChangeKindHere | null;
  data: AdminBookingDetail;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const [preview, setPreview] = useState<Preview | null>(null);
  const quote = useStaffChangeQuote();
  const change = useStaffChange();
  const code = data.booking.booking.code;
  const close = () => {
    setPreview(null);
    quote.reset();
    change.reset();
    onClose();
  };
  return (
    <FormModal
      opened={kind !== null}
      onClose={close}
      title={kind ? t(`desk.change.${kind}Title`, { code }) : ''}
      loading={quote.isPending ? t('desk.change.previewing') : undefined}
    >
      {kind && !preview && (
        <ChangeForm
          kind={kind}
          data={data}
          pending={quote.isPending}
          error={quote.error}
          onCancel={close}
          onSubmit={(body) =>
            quote.mutate(
              { code, body },
              { onSuccess: (answer) => setPreview({ body, quote: answer, key: randomId() }) },
            )
          }
        />
      )}
      {kind && preview && (
        <ChangePreview
          data={data}
          preview={preview}
          pending={change.isPending}
          error={change.error}
          onBack={() => {
            change.reset();
            quote.reset();
            setPreview(null);
          }}
          onConfirm={() =>
            change.mutate(
              { code, body: preview.body, key: preview.key },
              {
                onSuccess: (answer) => {
                  notifications.show({
                    color: 'teal',
                    message: t('desk.change.done', { total: formatMoney(answer.total, language) }),
                  });
                  close();
                },
              },
            )
          }
        />
      )}
    </FormModal>
  );
}

function ChangeForm({
  kind,
  data,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  kind: ChangeKindHere;
  data: AdminBookingDetail;
  pending: boolean;
  error: unknown;
  onCancel(): void;
  onSubmit(body: StaffChangeRequest): void;
}) {
  const { t } = useAdminText();
  const booking = data.booking.booking;
  const tour = useDeskTour(kind === 'option' || kind === 'addPassenger' ? booking.tourCode : null);
  const [date, setDate] = useState(booking.tripDate);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(booking.idcategory);
  const [customerTypeId, setCustomerTypeId] = useState<string | null>(null);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [refundTo, setRefundTo] = useState<RefundDestination>('card');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const types = tour.data?.types ?? [];
  const currentType = typeId ?? types.find((type) => type.label === booking.type)?.value ?? null;
  const passengers = data.booking.passangerRegistry;
  const changeOf = (): ChangeRequest | null => {
    if (kind === 'date') return date ? { kind, travelDate: date, refundTo } : null;
    if (kind === 'option') {
      return currentType && categoryId ? { kind, typeId: currentType, categoryId, refundTo } : null;
    }
    if (kind === 'addPassenger') {
      return customerTypeId ? { kind, customerTypeId, refundTo } : null;
    }
    return slotId ? { kind, slotId, refundTo } : null;
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const change = changeOf();
        setMissing(change === null);
        if (change) onSubmit({ change, byAgency: false, reason: reason.trim() });
      }}
    >
      <Stack>
        {kind === 'date' && (
          <TextInput
            type="date"
            label={t('desk.change.newDate')}
            required
            min={todayInLima()}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={missing ? t('desk.change.required') : undefined}
          />
        )}
        {kind === 'option' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('desk.type')}
              required
              allowDeselect={false}
              data={types}
              value={currentType}
              onChange={setTypeId}
              error={missing && !currentType ? t('desk.change.required') : undefined}
            />
            <Select
              label={t('desk.category')}
              required
              allowDeselect={false}
              data={tour.data?.categories ?? []}
              value={categoryId}
              onChange={setCategoryId}
              error={missing && !categoryId ? t('desk.change.required') : undefined}
            />
          </SimpleGrid>
        )}
        {kind === 'addPassenger' && (
          <Select
            label={t('desk.change.passengerType')}
            required
            data={tour.data?.customerTypes.map(({ value, label }) => ({ value, label })) ?? []}
            value={customerTypeId}
            onChange={setCustomerTypeId}
            error={missing ? t('desk.change.required') : undefined}
          />
        )}
        {kind === 'removePassenger' && (
          <Select
            label={t('desk.change.passenger')}
            required
            data={passengers.map((row) => ({
              value: row.id,
              label: `${row.number}. ${row.name || t('manifest.noData')} (${row.type})`,
            }))}
            value={slotId}
            onChange={setSlotId}
            error={missing ? t('desk.change.required') : undefined}
          />
        )}
        {tour.error && <ErrorAlert error={tour.error} />}
        {!booking.corporate && (
          <Radio.Group
            label={t('cancelBooking.refundTo')}
            description={t('desk.change.refundHelp')}
            value={refundTo}
            onChange={(value) => setRefundTo(value === 'credit' ? 'credit' : 'card')}
          >
            <Group gap="md" mt={6}>
              <Radio value="card" label={t('cancelBooking.refundToCard')} />
              <Radio value="credit" label={t('cancelBooking.refundToCredit')} />
            </Group>
          </Radio.Group>
        )}
        <Textarea
          label={t('desk.change.reason')}
          description={t('desk.change.reasonHelp')}
          autosize
          minRows={2}
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('desk.change.keep')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('desk.change.preview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChangePreview({
  data,
  preview,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  data: AdminBookingDetail;
  preview: Preview;
  pending: boolean;
  error: unknown;
  onBack(): void;
  onConfirm(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const { quote } = preview;
  const money = (amount: number) => formatMoney(amount, language);
  const balance = data.booking.balance;
  const before =
    Math.round((balance.purchases + balance.additions - balance.discounts) * 100) / 100;
  const difference = Math.round((quote.total - before) * 100) / 100;
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <Stack>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 4 }}>
        <Term label={t('desk.change.totalBefore')} value={money(before)} />
        <Term
          label={t('desk.change.totalAfter')}
          value={money(quote.total)}
          testId="change-total"
        />
        <Term
          label={t('desk.change.difference')}
          value={`${difference > 0 ? '+' : ''}${money(difference)}`}
          testId="change-difference"
          strong
        />
      </dl>
      {quote.lines.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" captionSide="top">
            <Table.Caption>{t('cancelBooking.lines')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bookingScreen.description')}</Table.Th>
                <Table.Th ta="right">{t('money.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quote.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines are shown once, in order.
                <Table.Tr key={index}>
                  <Table.Td>{line.reason}</Table.Td>
                  <Table.Td ta="right">{money(line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 4 }}>
        <Term label={t('cancelBooking.paid')} value={money(quote.paid)} />
        {quote.fee > 0 && <Term label={t('desk.change.fee')} value={money(quote.fee)} />}
        {quote.refund > 0 && (
          <Term label={t('cancelBooking.refunded')} value={money(quote.refund)} />
        )}
        <Term
          label={t('cancelBooking.balance')}
          value={money(quote.balance)}
          testId="change-balance"
        />
      </dl>
      <Text fw={600}>
        {t('cancelBooking.statusAfter', { status: t(`lifeStatus.${quote.status}`) })}
      </Text>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          {t('back')}
        </Button>
        <Button ref={confirm} loading={pending} onClick={onConfirm}>
          {t('desk.change.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function Term({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <>
      <Text component="dt" size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={strong ? 700 : 400} ta="right" m={0} data-testid={testId}>
        {value}
      </Text>
    </>
  );
}
