import {
  COMPLAINT_LIMITS,
  type ComplaintFiledAnswer,
  type ComplaintRequest,
  complaintCurrencies,
  complaintDocumentTypes,
  complaintRequest,
  MAX_LENGTH,
} from '@cusco/shared';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Fieldset,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormProblem, useFormProblem } from '../../../components/account/form-problem.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useInputProps } from '../../../lib/forms.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useComplaintsBook, useFileComplaint } from '../api/complaints-api.ts';

/** The form's values: as typed (the amount a text), turned into the request on sending. */
interface Values extends Record<string, unknown> {
  consumerName: string;
  documentType: string;
  documentNumber: string;
  address: string;
  phone: string;
  email: string;
  isMinor: boolean;
  guardianName: string;
  service: string;
  bookingCode: string;
  amount: string;
  currency: string;
  kind: string;
  detail: string;
  request: string;
  accepted: boolean;
}

const initialValues: Values = {
  consumerName: '',
  documentType: 'DNI',
  documentNumber: '',
  address: '',
  phone: '',
  email: '',
  isMinor: false,
  guardianName: '',
  service: '',
  bookingCode: '',
  amount: '',
  currency: 'PEN',
  kind: '',
  detail: '',
  request: '',
  accepted: false,
};

/** The request the values make (an amount typed with a comma is read with a point). */
function toRequest(values: Values): ComplaintRequest {
  const amount = values.amount.trim().replace(',', '.');
  return {
    consumerName: values.consumerName,
    documentType: values.documentType as ComplaintRequest['documentType'],
    documentNumber: values.documentNumber,
    address: values.address,
    phone: values.phone,
    email: values.email,
    isMinor: values.isMinor,
    ...(values.isMinor ? { guardianName: values.guardianName } : {}),
    service: values.service,
    ...(values.bookingCode.trim() ? { bookingCode: values.bookingCode } : {}),
    ...(amount
      ? {
          amount: /^\d+(\.\d+)?$/.test(amount) ? Number(amount) : Number.NaN,
          currency: values.currency as ComplaintRequest['currency'],
        }
      : {}),
    kind: values.kind as ComplaintRequest['kind'],
    detail: values.detail,
    request: values.request,
    accepted: values.accepted as true,
  };
}

/** Each field's first problem under the shared schema. */
function validate(values: Values): FormErrors {
  const parsed = complaintRequest.safeParse(toRequest(values));
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * #/complaints (issue 30): the virtual complaints book (Libro de Reclamaciones), open to anyone.
 * The provider's legal name and RUC; the sheet's legal fields; once sent, its number and the last
 * day to answer it (15 working days).
 */
export function ComplaintsPage() {
  const { t } = useTranslation();
  const [filed, setFiled] = useState<ComplaintFiledAnswer | null>(null);

  useEffect(() => {
    document.title = `${t('complaints.title')} · Cusco Treks`;
  }, [t]);

  return (
    <div style={{ minHeight: '100vh', background: 'var(--mantine-color-gray-0)' }}>
      <Group component="header" justify="space-between" px="md" py="sm" bg="white">
        <Anchor component={Link} to={paths.catalogue.href()} aria-label={t('nav.home')}>
          <Logo />
        </Anchor>
        <LanguageSwitch />
      </Group>
      <Container component="main" size="sm" px="sm" py="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('complaints.title')}
          </Title>
          <Provider />
          {filed ? (
            <Confirmation filed={filed} onAnother={() => setFiled(null)} />
          ) : (
            <ComplaintForm onFiled={setFiled} />
          )}
        </Stack>
      </Container>
    </div>
  );
}

/** The provider the book belongs to. */
function Provider() {
  const { t } = useTranslation();
  const book = useComplaintsBook();
  if (!book.data) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="complaints-provider">
      <Title order={2} size="h4" id="complaints-provider" mb="xs">
        {t('complaints.provider')}
      </Title>
      <FactList
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        facts={[
          [t('complaints.legalName'), book.data.legalName],
          [t('complaints.ruc'), book.data.ruc],
          [t('complaints.providerAddress'), book.data.address],
        ]}
      />
    </Card>
  );
}

function Confirmation({ filed, onAnother }: { filed: ComplaintFiledAnswer; onAnother(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card
      withBorder
      padding="md"
      role="status"
      style={{ borderColor: 'var(--mantine-color-teal-8)' }}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck aria-hidden color="var(--mantine-color-teal-9)" />
          <Title order={2} size="h4" ref={heading} tabIndex={-1}>
            {t('complaints.filedTitle', { number: filed.number })}
          </Title>
        </Group>
        <Text>{t('complaints.filedNumber', { number: filed.number })}</Text>
        <Text>{t('complaints.filedDue', { date: formatLongDate(filed.dueDate, language) })}</Text>
        <Text size="sm">{t('complaints.filedCopy')}</Text>
        <Group>
          <Button variant="light" onClick={onAnother}>
            {t('complaints.another')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ComplaintForm({ onFiled }: { onFiled(filed: ComplaintFiledAnswer): void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({ initialValues, validate, validateInputOnBlur: false });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);
  const file = useFileComplaint();

  const submit = form.onSubmit((values) => {
    problem.clear();
    file.mutate(toRequest(values), {
      onSuccess: (filed) => {
        form.reset();
        onFiled(filed);
      },
      onError: (error) => problem.refused(error, values),
    });
  }, problem.invalid);

  const documentOptions = complaintDocumentTypes.map((value) => ({
    value,
    label: t(`complaints.documentTypes.${value}`),
  }));

  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate aria-label={t('complaints.formLabel')}>
        <Stack gap="md">
          <Text size="sm">{t('complaints.intro')}</Text>
          <FormProblem problem={problem.text} announce={problem.answers} />

          <Fieldset legend={t('complaints.consumer')} variant="unstyled">
            <Stack gap="sm">
              <TextInput
                label={t('complaints.name')}
                autoComplete="name"
                maxLength={COMPLAINT_LIMITS.name}
                withAsterisk
                {...inputProps('consumerName')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <NativeSelect
                  label={t('complaints.documentType')}
                  data={documentOptions}
                  withAsterisk
                  {...inputProps('documentType')}
                />
                <TextInput
                  label={t('complaints.documentNumber')}
                  maxLength={COMPLAINT_LIMITS.documentNumber}
                  withAsterisk
                  {...inputProps('documentNumber')}
                />
              </SimpleGrid>
              <TextInput
                label={t('complaints.address')}
                autoComplete="street-address"
                maxLength={COMPLAINT_LIMITS.address}
                withAsterisk
                {...inputProps('address')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label={t('complaints.phone')}
                  type="tel"
                  autoComplete="tel"
                  maxLength={MAX_LENGTH.phone}
                  withAsterisk
                  {...inputProps('phone')}
                />
                <TextInput
                  label={t('complaints.email')}
                  type="email"
                  autoComplete="email"
                  maxLength={MAX_LENGTH.text}
                  withAsterisk
                  {...inputProps('email')}
                />
              </SimpleGrid>
              <Checkbox
                label={t('complaints.isMinor')}
                {...inputProps('isMinor', { type: 'checkbox' })}
              />
              {form.values.isMinor && (
                <TextInput
                  label={t('complaints.guardianName')}
                  maxLength={COMPLAINT_LIMITS.name}
                  withAsterisk
                  {...inputProps('guardianName')}
                />
              )}
            </Stack>
          </Fieldset>

          <Fieldset legend={t('complaints.contracted')} variant="unstyled">
            <Stack gap="sm">
              <TextInput
                label={t('complaints.service')}
                description={t('complaints.serviceHint')}
                maxLength={COMPLAINT_LIMITS.service}
                withAsterisk
                {...inputProps('service')}
              />
              <TextInput
                label={t('complaints.bookingCode')}
                maxLength={COMPLAINT_LIMITS.bookingCode}
                {...inputProps('bookingCode')}
              />
              <SimpleGrid cols={{ base: 2 }} spacing="sm">
                <TextInput
                  label={t('complaints.amount')}
                  inputMode="decimal"
                  maxLength={12}
                  {...inputProps('amount')}
                />
                <NativeSelect
                  label={t('complaints.currency')}
                  data={complaintCurrencies.map((value) => ({ value, label: value }))}
                  {...inputProps('currency')}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>

          <Fieldset legend={t('complaints.detailTitle')} variant="unstyled">
            <Stack gap="sm">
              <Radio.Group label={t('complaints.kind')} withAsterisk {...inputProps('kind')}>
                <Stack gap="xs" mt="xs">
                  <Radio
                    value="complaint"
                    label={t('complaints.kindComplaint')}
                    description={t('complaints.kindComplaintHint')}
                  />
                  <Radio
                    value="grievance"
                    label={t('complaints.kindGrievance')}
                    description={t('complaints.kindGrievanceHint')}
                  />
                </Stack>
              </Radio.Group>
              <Textarea
                label={t('complaints.detail')}
                autosize
                minRows={4}
                maxLength={COMPLAINT_LIMITS.detail}
                withAsterisk
                {...inputProps('detail')}
              />
              <Textarea
                label={t('complaints.request')}
                autosize
                minRows={3}
                maxLength={COMPLAINT_LIMITS.request}
                withAsterisk
                {...inputProps('request')}
              />
            </Stack>
          </Fieldset>

          <Checkbox
            label={t('complaints.accept')}
            {...inputProps('accepted', { type: 'checkbox' })}
          />
          <Text size="xs" c="dimmed">
            {t('complaints.legalNote')}
          </Text>
          <Button type="submit" loading={file.isPending} fullWidth>
            {t('complaints.send')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
