import {
  type AdminDocumentChange,
  documentChangeConfirmRequest,
  documentChangeRefuseRequest,
  todayInLima,
} from '@cusco/shared';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  List,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileText } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormModal } from '../../../../components/form-modal.tsx';
import { paths } from '../../../../config/paths.ts';
import { useCountries } from '../../../../lib/countries.ts';
import { showErrorModal } from '../../../../lib/error-modal.tsx';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useOptionList } from '../../../../lib/queries/option-lists.ts';
import {
  downloadScan,
  useConfirmDocumentChange,
  useRefuseDocumentChange,
} from '../../api/document-changes-api.ts';
import { useAdminText } from '../../i18n.ts';
import { FormActions } from '../form-actions.tsx';
import { ToneBadge } from '../status-badge.tsx';

type Field = 'lastName' | 'documentNumber' | 'countryId' | 'documentTypeId';
const fields: Field[] = ['lastName', 'documentNumber', 'countryId', 'documentTypeId'];

export const documentChangeColors: Record<AdminDocumentChange['status'], string> = {
  requested: 'orange',
  confirmed: 'teal',
  refused: 'red',
  withdrawn: 'gray',
};

/** A value as staff read it: a country or a document type by its name. */
export function useValueLabel() {
  const countries = useCountries();
  const documentTypes = useOptionList('DocumentType');
  return (field: Field, value: string | undefined) => {
    if (!value) return '—';
    if (field === 'countryId')
      return countries.data?.find((country) => country.value === value)?.label ?? value;
    if (field === 'documentTypeId')
      return documentTypes.data?.find((item) => item.value === value)?.label ?? value;
    return value;
  };
}

/** The fields a request changes, as "before → after" lines. */
export function changedFields(request: AdminDocumentChange): Field[] {
  return fields.filter((field) => request.changes[field] !== undefined);
}

/**
 * A document change as staff review it (issue 29): the booking and the traveller, what changes
 * (registered → asked for), the fee, both scans, what is bought in the traveller's name; while
 * it waits, Confirm (the new permit's reference, and the fee it adds, said before it is sent) or
 * Refuse (a reason the customer reads).
 */
export function DocumentChangeModal({
  request,
  onClose,
}: {
  request: AdminDocumentChange | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const [step, setStep] = useState<'review' | 'confirm' | 'refuse'>('review');
  const close = () => {
    setStep('review');
    onClose();
  };
  return (
    <FormModal
      opened={request !== null}
      onClose={close}
      title={t('docChange.modalTitle', { code: request?.bookingCode ?? '' })}
      size="xl"
    >
      {request && step === 'review' && (
        <Review
          request={request}
          onConfirm={() => setStep('confirm')}
          onRefuse={() => setStep('refuse')}
        />
      )}
      {request && step === 'confirm' && (
        <ConfirmForm request={request} onBack={() => setStep('review')} onDone={close} />
      )}
      {request && step === 'refuse' && (
        <RefuseForm request={request} onBack={() => setStep('review')} onDone={close} />
      )}
    </FormModal>
  );
}

function Review({
  request,
  onConfirm,
  onRefuse,
}: {
  request: AdminDocumentChange;
  onConfirm(): void;
  onRefuse(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const label = useValueLabel();
  const fee = formatMoney(request.fee, language);
  return (
    <Stack gap="md">
      <div>
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{request.passengerName}</Text>
          <ToneBadge color={documentChangeColors[request.status]}>
            {t(`docChange.statuses.${request.status}`)}
          </ToneBadge>
        </Group>
        <Text size="sm">
          <Anchor
            component={Link}
            to={paths.adminBooking.href(request.bookingCode)}
            underline="always"
          >
            {request.bookingCode}
          </Anchor>{' '}
          · {request.tourName} · {formatDate(request.travelDate, language)}
        </Text>
        <Text size="sm">
          {request.customerName} · {request.customerEmail}
        </Text>
        <Text size="sm" c="dark.5">
          {t('docChange.askedBy', {
            name: request.requestedBy,
            date: formatDate(request.createdAt.slice(0, 10), language),
          })}
        </Text>
        {request.decidedBy && request.decidedAt && (
          <Text size="sm" c="dark.5">
            {t('docChange.decided', {
              status: t(`docChange.statuses.${request.status}`),
              name: request.decidedBy,
              date: formatDate(request.decidedAt.slice(0, 10), language),
            })}
          </Text>
        )}
        {request.status === 'refused' && request.reason && (
          <Text size="sm" mt={4} fs="italic">
            {request.reason}
          </Text>
        )}
      </div>
      <Table.ScrollContainer minWidth={320}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('docChange.field')}</Table.Th>
              <Table.Th scope="col">{t('docChange.registered')}</Table.Th>
              <Table.Th scope="col">{t('docChange.new')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changedFields(request).map((field) => (
              <Table.Tr key={field} data-testid={`doc-change-row-${field}`}>
                <Table.Th scope="row">{t(`docChange.fields.${field}`)}</Table.Th>
                <Table.Td>{label(field, request.previous[field])}</Table.Td>
                <Table.Td fw={700}>{label(field, request.changes[field])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" fw={600}>
        {t('docChange.feeLine', { fee })}
      </Text>
      {request.alsoLockedOn.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} c="dark.7">
          {t('docChange.alsoLocked', { codes: request.alsoLockedOn.join(', ') })}
        </Alert>
      )}
      <section>
        <Title order={3} size="h5" mb="xs">
          {t('docChange.scans')}
        </Title>
        <Group align="flex-start" gap="md" wrap="wrap">
          <ScanView id={request.id} side="old" mime={request.scans.old.mime} />
          <ScanView id={request.id} side="new" mime={request.scans.new.mime} />
        </Group>
      </section>
      <section>
        <Title order={3} size="h5" mb="xs">
          {t('docChange.bought')}
        </Title>
        {request.purchases.length === 0 ? (
          <Text size="sm">{t('docChange.noPurchases')}</Text>
        ) : (
          <List size="sm">
            {request.purchases.map((purchase) => (
              <List.Item key={`${purchase.kind}/${purchase.reference}/${purchase.status}`}>
                {t('docChange.purchaseLine', {
                  kind: t(`ops.audit.values.${purchase.kind}`),
                  status: t(`docChange.purchaseStatuses.${purchase.status}`),
                  reference: purchase.reference,
                  date: formatDate(purchase.boughtOn, language),
                })}
              </List.Item>
            ))}
          </List>
        )}
      </section>
      {request.status === 'requested' && (
        <Group justify="flex-end" gap="sm">
          <Button variant="light" color="red" c="red.9" onClick={onRefuse}>
            {t('docChange.refuse')}
          </Button>
          <Button onClick={onConfirm}>{t('docChange.confirm')}</Button>
        </Group>
      )}
    </Stack>
  );
}

/** One scan: fetched with the session's token when asked for; an image in place, a PDF to open. */
function ScanView({ id, side, mime }: { id: string; side: 'old' | 'new'; mime: string }) {
  const { t } = useAdminText();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const name = t(side === 'old' ? 'docChange.oldScan' : 'docChange.newScan');
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const show = async () => {
    setLoading(true);
    try {
      setUrl(URL.createObjectURL(await downloadScan(id, side)));
    } catch (error) {
      showErrorModal(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap="xs" maw={360}>
      {!url && (
        <Button
          variant="default"
          leftSection={<IconFileText size={18} aria-hidden />}
          onClick={show}
          loading={loading}
        >
          {t('docChange.see', { side: name })}
        </Button>
      )}
      {url && mime.startsWith('image/') && (
        <Image src={url} alt={name} radius="sm" maw={360} data-testid={`doc-change-scan-${side}`} />
      )}
      {url && !mime.startsWith('image/') && (
        <Anchor href={url} target="_blank" rel="noopener">
          {t('docChange.openPdf', { side: name })}
        </Anchor>
      )}
    </Stack>
  );
}

function ConfirmForm({
  request,
  onBack,
  onDone,
}: {
  request: AdminDocumentChange;
  onBack(): void;
  onDone(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const confirm = useConfirmDocumentChange();
  const today = todayInLima();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reference: '', boughtOn: today },
    validate: schemaResolver(documentChangeConfirmRequest),
  });
  const inputProps = useInputProps(form);
  const fee = formatMoney(request.fee, language);
  const submit = form.onSubmit((values) =>
    confirm.mutate(
      { id: request.id, body: values },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('docChange.confirmedToast', { fee, code: request.bookingCode }),
          });
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>{t('docChange.confirmText', { fee, code: request.bookingCode })}</Text>
        <TextInput
          label={t('docChange.reference')}
          description={t('docChange.referenceHelp')}
          required
          maxLength={100}
          autoComplete="off"
          data-autofocus
          {...inputProps('reference')}
        />
        <TextInput
          type="date"
          label={t('docChange.boughtOn')}
          max={today}
          {...inputProps('boughtOn')}
        />
        <FormActions
          mutation={confirm}
          submitLabel={t('docChange.confirmSubmit', { fee })}
          onCancel={onBack}
        />
      </Stack>
    </form>
  );
}

function RefuseForm({
  request,
  onBack,
  onDone,
}: {
  request: AdminDocumentChange;
  onBack(): void;
  onDone(): void;
}) {
  const { t } = useAdminText();
  const refuse = useRefuseDocumentChange();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(documentChangeRefuseRequest),
  });
  const inputProps = useInputProps(form);
  const submit = form.onSubmit((values) =>
    refuse.mutate(
      { id: request.id, reason: values.reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('docChange.refusedToast') });
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label={t('docChange.reason')}
          required
          autosize
          minRows={3}
          maxLength={500}
          data-autofocus
          {...inputProps('reason')}
        />
        <FormActions
          mutation={refuse}
          submitLabel={t('docChange.refuseSubmit')}
          onCancel={onBack}
        />
      </Stack>
    </form>
  );
}
