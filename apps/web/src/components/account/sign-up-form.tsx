import {
  type LoginResponse,
  MIN_DATE,
  maxRegistrationBirthDate,
  type RegisterRequest,
  registerRequest,
} from '@cusco/shared';
import { Button, Group, type SelectProps, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterAndLogin } from '../../lib/account/register.ts';
import { useCountries } from '../../lib/countries.ts';
import { useCalendarLabels } from '../../lib/dates.ts';
import { schemaResolver, useInputProps } from '../../lib/forms.ts';
import { DateField, type DateFieldProps } from '../date-field.tsx';
import { Select } from '../lazy-select.tsx';
import { EmailField } from './email-field.tsx';
import { FormProblem, useFormProblem } from './form-problem.tsx';
import { PasswordField } from './password-field.tsx';
import { PersonalDataFields } from './personal-data-fields.tsx';

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
  const problem = useFormProblem(form);
  const registerAndLogin = useRegisterAndLogin();

  const submit = form.onSubmit((values) => {
    problem.clear();
    registerAndLogin.mutate(values, {
      onSuccess,
      onError: (error) => problem.refused(error, values),
    });
  }, problem.invalid);

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.signUpTitle')}>
      <Stack gap="sm">
        <FormProblem problem={problem.text} />
        <PersonalDataFields
          cols={{ base: 1, xs: 2 }}
          name={{ label: t('account.firstName'), ...inputProps('name') }}
          lastName={{ label: t('account.lastName'), ...inputProps('lastname') }}
          phone={{ label: t('account.phone'), ...inputProps('mobile') }}
        >
          <BirthDateField {...inputProps('birthdate')} />
        </PersonalDataFields>
        <EmailField label={t('account.email')} {...inputProps('email')} />
        <PasswordField
          isNew
          label={t('account.password')}
          description={t('account.passwordHint')}
          {...inputProps('password')}
        />
        <CountrySelect {...inputProps('countryId')} />
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

/** The birth date of an adult (spec §5 sign-up), picked from the decades back from it. */
function BirthDateField(props: Partial<DateFieldProps>) {
  const { t } = useTranslation();
  const maxBirthDate = useMemo(() => maxRegistrationBirthDate(), []);
  const calendarLabels = useCalendarLabels();
  return (
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
      {...props}
    />
  );
}

/** The country of residence, searched by name among the countries the API lists. */
export function CountrySelect(props: SelectProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  return (
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
      {...props}
    />
  );
}
