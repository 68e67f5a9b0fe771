import { type GuestRequest, guestRequest, type LoginResponse } from '@cusco/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuestCheckout } from '../../lib/account/guest.ts';
import { ApiError } from '../../lib/api-client.ts';
import { schemaResolver, useInputProps } from '../../lib/forms.ts';
import { EmailField } from './email-field.tsx';
import { ForgotPassword } from './forgot-password.tsx';
import { FormProblem, useFormProblem } from './form-problem.tsx';
import { PersonalDataFields } from './personal-data-fields.tsx';
import { CountrySelect } from './sign-up-form.tsx';

interface GuestFormProps {
  onSuccess(session: LoginResponse): void;
  /** Shows the sign-in form, for an e-mail that already has an account. */
  onSignIn(email: string): void;
  footer?: React.ReactNode;
}

const emptyGuest: GuestRequest = { name: '', lastname: '', email: '', mobile: '', countryId: '' };

/**
 * "Continue as a guest" (issue 28): name, last name, e-mail, phone and country, no password nor
 * birth date. A taken e-mail is answered as at sign-up; the form then offers to sign in, or to
 * get a link by e-mail to choose a password (which works for a guest's account too).
 */
export function GuestForm({ onSuccess, onSignIn, footer }: GuestFormProps) {
  const { t } = useTranslation();
  const form = useForm<GuestRequest>({
    name: 'guest',
    initialValues: emptyGuest,
    validate: schemaResolver(guestRequest),
  });
  const inputProps = useInputProps(form);
  const problem = useFormProblem(form);
  const checkout = useGuestCheckout();
  const [takenEmail, setTakenEmail] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    problem.clear();
    setTakenEmail(null);
    checkout.mutate(values, {
      onSuccess,
      onError: (error) => {
        problem.refused(error, values);
        if (error instanceof ApiError && error.status === 409 && error.field === 'email') {
          setTakenEmail(values.email.trim().toLowerCase());
        }
      },
    });
  }, problem.invalid);

  return (
    <form onSubmit={submit} noValidate aria-label={t('guest.formTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('guest.hint')}</Text>
        <FormProblem problem={problem.text} announce={problem.answers} />
        {takenEmail && (
          <Alert
            color="andes"
            icon={<IconUserQuestion aria-hidden />}
            title={t('guest.takenTitle')}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('guest.takenText', { email: takenEmail })}</Text>
              <Group gap="md">
                <Button size="xs" variant="light" onClick={() => onSignIn(takenEmail)}>
                  {t('guest.signInInstead')}
                </Button>
                <ForgotPassword email={takenEmail} label={t('guest.emailMeLink')} />
              </Group>
            </Stack>
          </Alert>
        )}
        <PersonalDataFields
          cols={{ base: 1, xs: 2 }}
          name={{ label: t('account.firstName'), ...inputProps('name') }}
          lastName={{ label: t('account.lastName'), ...inputProps('lastname') }}
          phone={{ label: t('account.phone'), ...inputProps('mobile') }}
        >
          <CountrySelect {...inputProps('countryId')} />
        </PersonalDataFields>
        <EmailField label={t('account.email')} {...inputProps('email')} />
        <Group grow>
          <Button type="submit" loading={checkout.isPending}>
            {t('guest.continue')}
          </Button>
        </Group>
        {footer}
      </Stack>
    </form>
  );
}
