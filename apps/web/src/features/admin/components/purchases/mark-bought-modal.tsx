import {
  type DeparturePerson,
  type DeparturePurchases,
  PURCHASE_LIMITS,
  type PurchasePersonRef,
  todayInLima,
} from '@cusco/shared';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCalendarLabels } from '../../../../lib/dates.ts';
import { formatDate, formatLongDate } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useDeparturePurchases, useMarkBought } from '../../api/purchases-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { usePurchaseText } from './purchase-text.ts';

/** The departure a "Mark bought" dialog is about, and the item it starts with. */
export interface MarkBoughtTarget {
  tour: string;
  tourName: string;
  date: string;
  itemId: string;
}

const keyOf = (person: { passengerSlotId: string | null; crewMemberId: string | null }) =>
  person.passengerSlotId ? `slot:${person.passengerSlotId}` : `crew:${person.crewMemberId}`;

/** What the form holds. */
interface Values {
  item: string;
  people: string[];
  reference: string;
  boughtOn: string;
}

type FieldErrors = Partial<Record<keyof Values, string>>;

/**
 * "Mark bought" on a departure (issue 29): choose the item, tick the people whose data is
 * complete (the others are listed with what they lack, not ticked), give the government's
 * reference and the day; then confirm what will be recorded and locked. The server's refusals
 * land beside the field they name (the people, the reference, the day), others above the buttons.
 */
export function MarkBoughtModal({
  target,
  onClose,
}: {
  target: MarkBoughtTarget | null;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const departure = useDeparturePurchases(target ? { tour: target.tour, date: target.date } : null);
  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      size="lg"
      title={
        target
          ? t('purchases.dialog.title', {
              tour: target.tourName,
              date: formatDate(target.date, language),
            })
          : ''
      }
      loading={target && departure.isPending ? t('purchases.dialog.loading') : undefined}
    >
      {departure.error ? (
        <LoadError error={departure.error} onRetry={() => void departure.refetch()} />
      ) : null}
      {target && departure.data && (
        <MarkBoughtForm
          key={`${target.tour}/${target.date}/${target.itemId}`}
          target={target}
          departure={departure.data}
          onClose={onClose}
        />
      )}
    </FormModal>
  );
}

function MarkBoughtForm({
  target,
  departure,
  onClose,
}: {
  target: MarkBoughtTarget;
  departure: DeparturePurchases;
  onClose(): void;
}) {
  const { t } = useAdminText();
  const today = todayInLima();
  const [values, setValues] = useState<Values>({
    item: target.itemId,
    people: [],
    reference: '',
    boughtOn: today,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const mark = useMarkBought();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const review = () => {
    const found: FieldErrors = {};
    const reference = values.reference.trim();
    if (values.people.length === 0) found.people = t('purchases.dialog.choosePeople');
    if (!reference) found.reference = 'msg:purchaseReferenceRequired';
    else if (reference.length > PURCHASE_LIMITS.reference)
      found.reference = 'msg:purchaseReferenceTooLong';
    if (!values.boughtOn) found.boughtOn = 'msg:invalidDate';
    else if (values.boughtOn > today) found.boughtOn = 'msg:purchaseBoughtOnFuture';
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const confirm = () => {
    const byKey = new Map(departure.people.map((person) => [keyOf(person), person]));
    const people: PurchasePersonRef[] = values.people.flatMap((key): PurchasePersonRef[] => {
      const person = byKey.get(key);
      if (!person) return [];
      return person.passengerSlotId
        ? [{ passengerSlotId: person.passengerSlotId }]
        : [{ crewMemberId: person.crewMemberId ?? '' }];
    });
    mark.mutate(
      {
        tour: target.tour,
        date: target.date,
        body: {
          item: values.item,
          people,
          reference: values.reference.trim(),
          boughtOn: values.boughtOn,
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('purchases.dialog.done') });
          onClose();
        },
        onError: (error) => {
          // A refusal about a field goes back to the form, beside that field.
          const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
          if (field && ['item', 'people', 'reference', 'boughtOn'].includes(field)) {
            setErrors({ [field]: error.message });
            setConfirming(false);
          }
        },
      },
    );
  };

  if (confirming) {
    return (
      <Confirmation
        departure={departure}
        values={values}
        pending={mark.isPending}
        error={mark.error}
        onBack={() => {
          mark.reset();
          setConfirming(false);
        }}
        onConfirm={confirm}
      />
    );
  }
  return (
    <MarkBoughtFields
      departure={departure}
      values={values}
      errors={errors}
      set={set}
      onCancel={onClose}
      onReview={review}
    />
  );
}

/** The form's fields: the item, the people, the reference and the day. */
function MarkBoughtFields({
  departure,
  values,
  errors,
  set,
  onCancel,
  onReview,
}: {
  departure: DeparturePurchases;
  values: Values;
  errors: FieldErrors;
  set<K extends keyof Values>(key: K, value: Values[K]): void;
  onCancel(): void;
  onReview(): void;
}) {
  const { t } = useAdminText();
  const { t: text } = useTranslation();
  const words = usePurchaseText();
  const calendarLabels = useCalendarLabels();
  const errorText = (error: string | undefined) =>
    error?.startsWith('msg:') ? text(error) : error;
  const needing = departure.people.filter(
    (person) => person.onDeparture && person.items.some((item) => item.itemId === values.item),
  );
  const stateOf = (person: DeparturePerson) =>
    person.items.find((item) => item.itemId === values.item);
  const ready = needing.filter((person) => {
    const state = stateOf(person)?.state;
    return (state === 'complete' || state === 'cancelled') && person.missing.length === 0;
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onReview();
      }}
    >
      <Stack gap="md">
        <Select
          label={t('purchases.dialog.item')}
          data={departure.items.map((item) => ({ value: item.id, label: words.item(item) }))}
          value={values.item}
          onChange={(value) => {
            set('item', value ?? '');
            set('people', []);
          }}
          allowDeselect={false}
          required
          error={errorText(errors.item)}
        />
        <Checkbox.Group
          label={t('purchases.dialog.people')}
          description={t('purchases.dialog.peopleHelp')}
          value={values.people}
          onChange={(value) => set('people', value)}
          error={errorText(errors.people)}
          required
        >
          <Stack gap="xs" mt="xs">
            {needing.length > 0 && ready.length === 0 && (
              <Text size="sm">{t('purchases.dialog.noneReady')}</Text>
            )}
            {needing.map((person) => {
              const state = stateOf(person);
              const isReady = ready.includes(person);
              const note =
                state?.state === 'bought'
                  ? t('purchases.dialog.bought', { reference: state.reference ?? '' })
                  : person.missing.length > 0
                    ? t('purchases.dialog.notReady', { fields: words.missing(person.missing) })
                    : state?.state === 'cancelled'
                      ? t('purchases.states.cancelled')
                      : undefined;
              return (
                <Checkbox
                  key={keyOf(person)}
                  value={keyOf(person)}
                  disabled={!isReady}
                  label={`${words.person(person)} · ${words.role(person.role)}${
                    person.bookingCode ? ` · ${person.bookingCode}` : ''
                  }`}
                  description={note}
                />
              );
            })}
          </Stack>
        </Checkbox.Group>
        {ready.length > 0 && (
          <Group>
            <Button variant="light" size="xs" onClick={() => set('people', ready.map(keyOf))}>
              {t('purchases.dialog.selectReady')}
            </Button>
          </Group>
        )}
        <TextInput
          label={t('purchases.dialog.reference')}
          description={t('purchases.dialog.referenceHelp')}
          value={values.reference}
          maxLength={PURCHASE_LIMITS.reference}
          onChange={(event) => set('reference', event.currentTarget.value)}
          error={errorText(errors.reference)}
          required
        />
        <DateField
          label={t('purchases.dialog.boughtOn')}
          placeholder={text('common.datePlaceholder')}
          minDate="2020-01-01"
          maxDate={todayInLima()}
          value={values.boughtOn || null}
          onChange={(value) => set('boughtOn', value ?? '')}
          error={errorText(errors.boughtOn)}
          required
          {...calendarLabels}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit">{t('purchases.dialog.review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What will be recorded, said in full before it is: Back, or Confirm. */
function Confirmation({
  departure,
  values,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  departure: DeparturePurchases;
  values: Values;
  pending: boolean;
  error: unknown;
  onBack(): void;
  onConfirm(): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const words = usePurchaseText();
  const item = departure.items.find((candidate) => candidate.id === values.item);
  const byKey = new Map(departure.people.map((person) => [keyOf(person), person]));
  return (
    <Stack gap="md">
      <Text fw={600}>{t('purchases.dialog.confirmTitle')}</Text>
      <Alert color="blue" variant="light">
        <Text size="sm" c="dark.7">
          {t('purchases.dialog.confirmText', {
            count: values.people.length,
            item: item ? words.kind(item.kind) : '',
            reference: values.reference.trim(),
            date: formatLongDate(values.boughtOn, language),
          })}
        </Text>
      </Alert>
      <ul>
        {values.people.map((key) => {
          const person = byKey.get(key);
          return (
            <li key={key}>
              <Text size="sm">
                {person ? `${words.person(person)} · ${words.role(person.role)}` : key}
              </Text>
            </li>
          );
        })}
      </ul>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('purchases.dialog.back')}
        </Button>
        <Button onClick={onConfirm} loading={pending}>
          {t('purchases.dialog.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
