import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A required password input. `isNew` for a password being chosen (the browser may offer to make
 * one up and save it); otherwise the password in use (the browser may fill it in).
 */
export function PasswordField({
  isNew = false,
  ...props
}: PasswordInputProps & { isNew?: boolean }) {
  return (
    <PasswordInput autoComplete={isNew ? 'new-password' : 'current-password'} required {...props} />
  );
}
