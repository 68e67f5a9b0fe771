import {
  type LoginResponse,
  MIN_DATE,
  maxRegistrationBirthDate,
  type RegisterRequest,
  registerRequest,
} from '@cusco/shared';
import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterAndLogin } from '../../lib/account/register.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useCountries } from '../../lib/countries.ts';
import { useCalendarLabels } from '../../lib/dates.ts';
import { schemaResolver, useFormErrorSummary, useInputProps } from '../../lib/forms.ts';
import { DateField } from '../date-field.tsx';

interface SignUpFormProps {
  onSuccess(session: LoginResponse): void;
  footer?: React.ReactNode;
}

const emptyRegistration: RegisterRequest = {
  name: '',
  lastname: '',
  mobile: '',
  birthdate: '',
  password: '',
  email: '',
  countryId: '',
  isPassanger: false,
};

/** Spec §2 sign-up: first name, last name, phone, birth date, password, e-mail, country. */
export function SignUpForm({ onSuccess, footer }: SignUpFormProps) {
  const { t } = useTranslation();
  const form = useForm<RegisterRequest>({
    name: 'sign-up',
    initialValues: emptyRegistration,
    validate: schemaResolver(registerRequest),
  });
  const inputProps = useInputProps(form);
  const summary = useFormErrorSummary();
  const countries = useCountries();
  const registerAndLogin = useRegisterAndLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const maxBirthDate = useMemo(() => maxRegistrationBirthDate(), []);
  const calendarLabels = useCalendarLabels();

  const submit = form.onSubmit(
    (values) => {
      setProblem(null);
      registerAndLogin.mutate(values, {
        onSuccess,
        onError: (error) => {
          setProblem(errorMessage(error));
          // A refusal about one field (a common password, the e-mail as password, a taken
          // e-mail...) is also shown under that field, which takes the focus.
          if (error instanceof ApiError && error.field && error.field in values) {
            form.setFieldError(error.field, error.message);
            form.getInputNode(error.field)?.focus();
          }
        },
      });
    },
    (errors) => setProblem(summary(errors)),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.signUpTitle')}>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('account.firstName')}
            autoComplete="given-name"
            maxLength={50}
            required
            {...inputProps('name')}
          />
          <TextInput
            label={t('account.lastName')}
            autoComplete="family-name"
            maxLength={50}
            required
            {...inputProps('lastname')}
          />
          <TextInput
            label={t('account.phone')}
            type="tel"
            autoComplete="tel"
            maxLength={20}
            required
            {...inputProps('mobile')}
          />
          <DateField
            label={t('account.birthDate')}
            placeholder={t('common.datePlaceholder')}
            minDate={MIN_DATE}
            maxDate={maxBirthDate}
            defaultLevel="decade"
            defaultDate={maxBirthDate}
            autoComplete="bday"
            {...calendarLabels}
            required
            {...inputProps('birthdate')}
          />
        </SimpleGrid>
        <TextInput
          label={t('account.email')}
          type="email"
          autoComplete="email"
          maxLength={50}
          required
          {...inputProps('email')}
        />
        <PasswordInput
          label={t('account.password')}
          description={t('account.passwordHint')}
          autoComplete="new-password"
          required
          {...inputProps('password')}
        />
        <Select
          label={t('account.country')}
          placeholder={countries.isPending ? t('common.loading') : t('account.countryPlaceholder')}
          data={countries.data ?? []}
          searchable
          limit={60}
          nothingFoundMessage={t('account.noCountry')}
          disabled={countries.isError}
          autoComplete="off"
          required
          {...inputProps('countryId')}
        />
        <Group grow>
          <Button type="submit" loading={registerAndLogin.isPending}>
            {t('account.signUp')}
          </Button>
        </Group>
        {footer}
      </Stack>
    </form>
  );
}
