import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';

/**
 * Input props of a Mantine form field with its error translated: schemas carry catalogue keys
 * (packages/shared messages.ts); under a field the short `field:` version is preferred. The field
 * is marked aria-invalid while it has an error (Mantine's PasswordInput does not do it itself).
 */
export function useInputProps<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
) {
  const translate = useErrorText();
  return (path: keyof Values & string, options?: { type?: 'input' | 'checkbox' }) => {
    const props = form.getInputProps(path, options);
    return {
      ...props,
      error: translate(props.error as ReactNode),
      'aria-invalid': props.error ? true : undefined,
    };
  };
}

/** Turns a catalogue key into text; any other error (already text) is shown as it is. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: ReactNode): ReactNode =>
    typeof error === 'string' && i18n.exists(`msg:${error}`)
      ? t([`field:${error}`, `msg:${error}`])
      : error;
}

/**
 * The message above a form that failed validation: spec §5's 'Please fill in the fields, they
 * are required' when a required field is empty; otherwise a pointer to the fields' own messages.
 */
export function useFormErrorSummary() {
  const { t } = useTranslation();
  return (errors: FormErrors): string =>
    Object.values(errors).includes('required') ? t('msg:required') : t('msg:checkFields');
}

/**
 * Validates a Mantine form with a shared zod schema; a field shows its first problem (so an
 * empty field reads "required", not the rule that comes after).
 */
export function schemaResolver(schema: z.core.$ZodType) {
  return zod4Resolver(schema, { errorPriority: 'first' });
}
