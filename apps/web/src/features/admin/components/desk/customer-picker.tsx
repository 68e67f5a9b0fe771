import { type DeskCustomer, type DeskCustomerRequest, deskCustomerRequest } from '@cusco/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCountries } from '../../../../lib/countries.ts';
import { schemaResolver, useInputProps } from '../../../../lib/forms.ts';
import { useAddCustomer, useDeskCustomers } from '../../api/desk-api.ts';
import { useAdminText } from '../../i18n.ts';
import { ErrorAlert } from '../error-alert.tsx';

/**
 * The desk's first step: find the customer by name, e-mail or phone, or add a walk-in or phone
 * customer as a guest account (name, last name, e-mail, phone, country and the language they
 * read). A taken e-mail says to find that customer instead.
 */
export function CustomerPicker({ onChoose }: { onChoose(customer: DeskCustomer): void }) {
  const { t } = useAdminText();
  const [adding, setAdding] = useState(false);
  return adding ? (
    <NewCustomerForm onAdded={onChoose} onCancel={() => setAdding(false)} />
  ) : (
    <Stack>
      <CustomerSearch onChoose={onChoose} />
      <Group>
        <Button
          variant="light"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {t('desk.newCustomer')}
        </Button>
      </Group>
    </Stack>
  );
}

function CustomerSearch({ onChoose }: { onChoose(customer: DeskCustomer): void }) {
  const { t } = useAdminText();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const found = useDeskCustomers(debounced);
  const items = debounced.trim().length >= 2 ? (found.data?.items ?? []) : [];
  return (
    <Stack gap="sm">
      <TextInput
        label={t('desk.searchCustomer')}
        description={t('desk.searchCustomerHelp')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          found.isFetching ? <Loader size="xs" role="status" aria-label={t('loading')} /> : null
        }
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        maxLength={100}
        type="search"
      />
      <ErrorAlert error={found.error} />
      <div aria-live="polite">
        {debounced.trim().length >= 2 && found.data && items.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('desk.noCustomer')}
          </Text>
        )}
      </div>
      {items.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((customer) => (
            <Card key={customer.id} withBorder padding="sm" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>
                    {customer.name} {customer.lastName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {customer.email} · {customer.phone}
                    {customer.corporate ? ` · ${customer.corporate}` : ''}
                  </Text>
                </div>
                <Button
                  size="sm"
                  onClick={() => onChoose(customer)}
                  aria-label={t('desk.chooseNamed', {
                    name: `${customer.name} ${customer.lastName}`,
                  })}
                >
                  {t('desk.choose')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const emptyCustomer: DeskCustomerRequest = {
  name: '',
  lastname: '',
  email: '',
  mobile: '',
  countryId: 'PE',
  language: 'es',
};

function NewCustomerForm({
  onAdded,
  onCancel,
}: {
  onAdded(customer: DeskCustomer): void;
  onCancel(): void;
}) {
  const { t } = useAdminText();
  const countries = useCountries();
  const add = useAddCustomer();
  const form = useForm<DeskCustomerRequest>({
    mode: 'controlled',
    initialValues: emptyCustomer,
    validate: schemaResolver(deskCustomerRequest),
  });
  const inputProps = useInputProps(form);
  const taken = add.error instanceof ApiError && add.error.field === 'email';
  const submit = form.onSubmit(
    (values) =>
      add.mutate(values, {
        onSuccess: onAdded,
        onError: (error) => {
          if (error instanceof ApiError && error.field && error.field !== 'email') {
            form.setFieldError(error.field, error.message);
          }
        },
      }),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) document.getElementById(`desk-customer-${first}`)?.focus();
    },
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="desk-new-customer">
      <Stack>
        <Text id="desk-new-customer" fw={600}>
          {t('desk.newCustomerTitle')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            id="desk-customer-name"
            label={t('desk.name')}
            required
            maxLength={50}
            autoComplete="off"
            {...inputProps('name')}
          />
          <TextInput
            id="desk-customer-lastname"
            label={t('desk.lastName')}
            required
            maxLength={50}
            autoComplete="off"
            {...inputProps('lastname')}
          />
          <TextInput
            id="desk-customer-email"
            label={t('desk.email')}
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            {...inputProps('email')}
          />
          <TextInput
            id="desk-customer-mobile"
            label={t('desk.phone')}
            type="tel"
            required
            maxLength={30}
            autoComplete="off"
            {...inputProps('mobile')}
          />
          <Select
            id="desk-customer-countryId"
            label={t('desk.country')}
            required
            searchable
            data={(countries.data ?? []).map((country) => ({
              value: country.value,
              label: country.label,
            }))}
            {...inputProps('countryId')}
          />
          <Radio.Group label={t('desk.language')} {...inputProps('language')}>
            <Group mt={6}>
              <Radio value="es" label="Español" />
              <Radio value="en" label="English" />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        {taken ? (
          <Alert color="red" role="alert">
            {t('desk.emailTaken')}
          </Alert>
        ) : (
          <ErrorAlert error={add.error} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('desk.findInstead')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('desk.addCustomer')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
