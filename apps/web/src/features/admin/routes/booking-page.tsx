import type { AdminBookingDetail } from '@cusco/shared';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconMinus, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { LogoLoader } from '../../../components/logo.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { useAdminBooking } from '../api/admin-api.ts';
import { type AdminColumn, AdminTable, type AdminTableProps } from '../components/admin-table.tsx';
import { AnswerModal, canAnswer } from '../components/answer-modal.tsx';
import { useAuditColumns } from '../components/audit-columns.tsx';
import { CancelBookingModal, type CancelTarget } from '../components/cancel-modal.tsx';
import { ChangeSection } from '../components/change/change-section.tsx';
import { ChannelBadge } from '../components/channel-badge.tsx';
import { DocumentChangesSection } from '../components/document-changes/document-changes-section.tsx';
import { type MoneyDialog, MoneyModal } from '../components/money-modal.tsx';
import { PassengersSection } from '../components/passengers/passengers-section.tsx';
import { PickupPlaceForm } from '../components/pickup-place-form.tsx';
import { StaffNotes } from '../components/staff-notes.tsx';
import { BookingLifeBadge, BookingStatusBadge, ToneBadge } from '../components/status-badge.tsx';
import { useAdminText } from '../i18n.ts';

type Attempt = AdminBookingDetail['attempts'][number];

const attemptColors: Record<string, string> = {
  paid: 'teal',
  pending: 'yellow',
  refund_required: 'grape',
  declined: 'red',
};
type LedgerLine = AdminBookingDetail['booking']['buy'][number];

/** A part of the screen that opens the money dialogs. */
interface MoneyActionsProps {
  data: AdminBookingDetail;
  /** Opens a money dialog: a payment, a discount, an addition or a refund. */
  onAction(dialog: MoneyDialog): void;
}

/**
 * #/admin/bookings/{code}: what the customer sees of their booking, plus the whole ledger, every
 * payment attempt with its gateway status, the requests and the audit trail; and the money
 * actions (payments for every staff member; discounts, additions and refunds for admins). Its
 * named status (ADR 0037) stands beside its money standing; any staff member may cancel it, on
 * the customer's behalf or for the agency, after a preview (issue 27).
 */
export function AdminBookingPage() {
  const { t } = useAdminText();
  const { code = '' } = useParams();
  const detail = useAdminBooking(code);
  const [dialog, setDialog] = useState<MoneyDialog | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  if (detail.error) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <LogoLoader label={t('loading')} />;
  const data = detail.data;
  return (
    <>
      <Anchor component={Link} to={paths.adminBookings.href()} size="sm">
        ← {t('bookings.title')}
      </Anchor>
      <PageTitle title={t('bookingScreen.title', { code: data.booking.booking.code })}>
        <Group gap="xs">
          <BookingLifeBadge status={data.booking.booking.status} />
          <BookingStatusBadge status={data.status} />
          <ChannelBadge
            channel={data.booking.booking.channel}
            reference={data.booking.booking.resellerReference}
          />
        </Group>
      </PageTitle>
      <Stack gap="xl">
        <Summary data={data} onAction={setDialog} />
        <ChangeSection data={data} onCancel={setCancelling} />
        <Ledger data={data} />
        {/* Its SUNAT receipts (issue 30): the receipts list, filtered by the booking's code. */}
        <Anchor component={Link} to={paths.adminReceipts.href(data.booking.booking.code)}>
          {t('receipts.ofBooking', { code: data.booking.booking.code })}
        </Anchor>
        <Attempts data={data} onAction={setDialog} />
        <PassengersSection data={data} />
        <DocumentChangesSection code={data.booking.booking.code} />
        <PickupPlaceForm data={data} />
        <Requests data={data} />
        <StaffNotes subject={{ kind: 'booking', code: data.booking.booking.code }} />
        <AuditOfBooking data={data} />
      </Stack>
      <MoneyModal dialog={dialog} onClose={() => setDialog(null)} />
      <CancelBookingModal target={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A section that is one table, which its heading names. */
function TableSection<Row>({
  title,
  ...table
}: { title: string } & Omit<AdminTableProps<Row>, 'caption'>) {
  return (
    <Section title={title}>
      <AdminTable caption={title} {...table} />
    </Section>
  );
}

function Summary({ data, onAction }: MoneyActionsProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <TripCard data={data} />
      <BalanceCard data={data} onAction={onAction} />
    </SimpleGrid>
  );
}

/** The trip and who booked it (changing and cancelling it: the change section). */
function TripCard({ data }: { data: AdminBookingDetail }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const { booking } = data.booking;
  return (
    <Card withBorder>
      <Text fw={700}>{booking.name}</Text>
      <Text size="sm">
        {formatDate(booking.tripDate, language)} · {booking.type} · {booking.category}
      </Text>
      <Text size="sm" mt="xs">
        {data.customer.name} · {data.customer.email}
        {data.customer.phone ? ` · ${data.customer.phone}` : ''}
      </Text>
      {data.customer.corporate && (
        <Badge mt="xs" variant="light" c="dark.7">
          {t('bookings.corporate')}: {data.customer.corporate}
        </Badge>
      )}
      {booking.observation && (
        <Text size="sm" mt="xs">
          <Text span size="sm" fw={600}>
            {t('ops.customerObservation')}:
          </Text>{' '}
          {booking.observation}
        </Text>
      )}
    </Card>
  );
}

/** The balance, and the money actions: a payment (any staff), a discount or an addition (admins). */
function BalanceCard({ data, onAction }: MoneyActionsProps) {
  const { t } = useAdminText();
  const language = useLanguage();
  const user = useSessionUser();
  const { booking, balance } = data.booking;
  const admin = user?.role === 'admin';
  const open = (kind: 'payment' | 'discount' | 'addition') =>
    onAction({ kind, code: booking.code, debt: balance.debt });
  return (
    <Card withBorder>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 4 }}>
        {(['purchases', 'additions', 'discounts', 'payments'] as const).map((key) => (
          <Pair
            key={key}
            label={t(`balance.${key}`)}
            value={<span data-testid={`admin-${key}`}>{formatMoney(balance[key], language)}</span>}
          />
        ))}
        <Pair
          label={t('debt')}
          value={<span data-testid="admin-debt">{formatMoney(balance.debt, language)}</span>}
          strong
        />
      </dl>
      <Group mt="md" gap="xs">
        <Button
          leftSection={<IconCash size={18} aria-hidden />}
          onClick={() => open('payment')}
          disabled={balance.debt <= 0}
        >
          {t('money.recordPayment')}
        </Button>
        {admin && (
          <>
            <Button
              variant="light"
              leftSection={<IconMinus size={18} aria-hidden />}
              onClick={() => open('discount')}
              disabled={balance.debt <= 0}
            >
              {t('money.discount')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => open('addition')}
            >
              {t('money.addition')}
            </Button>
          </>
        )}
      </Group>
    </Card>
  );
}

function Pair({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <>
      <Text component="dt" size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" size="sm" fw={strong ? 700 : 400} ta="right" m={0}>
        {value}
      </Text>
    </>
  );
}

function Ledger({ data }: { data: AdminBookingDetail }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const { buy, payments, paymentExtra } = data.booking;
  const rows: (LedgerLine & { kind: string })[] = [
    ...buy.map((line) => ({ ...line, kind: t('balance.purchases') })),
    ...paymentExtra.add.map((line) => ({
      ...line,
      kind: t('balance.additions'),
      description: line.name,
      paymentMethod: '',
      commission: 0,
    })),
    ...paymentExtra.substract.map((line) => ({
      ...line,
      kind: t('balance.discounts'),
      description: line.name,
      paymentMethod: '',
      commission: 0,
    })),
    ...payments.map((line) => ({ ...line, kind: t('balance.payments') })),
  ].sort((a, b) => a.buyDate.localeCompare(b.buyDate));
  const columns: AdminColumn<(typeof rows)[number]>[] = [
    {
      key: 'date',
      header: t('date'),
      render: (row) => formatDate(row.buyDate.slice(0, 10), language),
    },
    { key: 'kind', header: t('bookingScreen.kind'), render: (row) => row.kind },
    {
      key: 'description',
      header: t('bookingScreen.description'),
      render: (row) => row.description,
    },
    { key: 'method', header: t('money.method'), render: (row) => row.paymentMethod || '—' },
    {
      key: 'amount',
      header: t('money.amount'),
      align: 'right',
      render: (row) => formatMoney(row.total, language),
    },
  ];
  return (
    <TableSection
      title={t('bookingScreen.ledger')}
      columns={columns}
      rows={rows}
      rowKey={(row) => `${row.kind}/${row.buyDate}/${row.description}/${row.total}`}
      empty={t('bookingScreen.noLedger')}
    />
  );
}

function Attempts({ data, onAction }: MoneyActionsProps) {
  const { t } = useAdminText();
  const language = useLanguage();
  const user = useSessionUser();
  const columns: AdminColumn<Attempt>[] = [
    {
      key: 'date',
      header: t('date'),
      render: (row) => formatDate(row.createdAt.slice(0, 10), language),
    },
    { key: 'gateway', header: t('bookingScreen.gateway'), render: (row) => row.gateway },
    {
      key: 'status',
      header: t('bookingScreen.attemptStatus'),
      render: (row) => (
        <ToneBadge color={attemptColors[row.status] ?? 'gray'}>
          {t(
            row.status === 'pending' && row.stage === 'notCompleted'
              ? 'ops.attemptNotCompleted'
              : `attempt.${row.status}`,
          )}
        </ToneBadge>
      ),
    },
    {
      key: 'reference',
      header: t('money.reference'),
      render: (row) => row.gatewayReference ?? row.failureReason ?? '—',
    },
    {
      key: 'amount',
      header: t('money.amount'),
      align: 'right',
      render: (row) => formatMoney(row.amount, language),
    },
    {
      key: 'refund',
      header: t('actions'),
      render: (row) =>
        user?.role === 'admin' && row.refundable > 0 ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() =>
              onAction({
                kind: 'refund',
                code: data.booking.booking.code,
                debt: data.booking.balance.debt,
                attemptId: row.id,
                refundable: row.refundable,
              })
            }
          >
            {t('money.refund', { amount: formatMoney(row.refundable, language) })}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <TableSection
      title={t('bookingScreen.attempts')}
      columns={columns}
      rows={data.attempts}
      rowKey={(row) => row.id}
      empty={t('bookingScreen.noAttempts')}
    />
  );
}

function Requests({ data }: { data: AdminBookingDetail }) {
  const { t } = useAdminText();
  const [answering, setAnswering] = useState<AdminBookingDetail['requests'][number] | null>(null);
  return (
    <Section title={t('requests.title')}>
      {data.requests.length === 0 && <Text c="dimmed">{t('bookingScreen.noRequests')}</Text>}
      <Stack gap="xs">
        {data.requests.map((request) => (
          <Card key={request.id} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>{request.name}</Text>
                <Text size="sm" c="dimmed">
                  {request.type} · {request.status}
                </Text>
              </div>
              {canAnswer(request) && (
                <Button size="xs" onClick={() => setAnswering(request)}>
                  {t('requests.answer')}
                </Button>
              )}
            </Group>
            {request.response && (
              <Text size="sm" mt="xs">
                {request.response}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
      <AnswerModal request={answering} onClose={() => setAnswering(null)} />
    </Section>
  );
}

function AuditOfBooking({ data }: { data: AdminBookingDetail }) {
  const { t } = useAdminText();
  const columns = useAuditColumns().filter((column) => column.key !== 'booking');
  return (
    <TableSection
      title={t('audit.title')}
      columns={columns}
      rows={data.audit}
      rowKey={(row) => row.id}
      empty={t('audit.empty')}
    />
  );
}
