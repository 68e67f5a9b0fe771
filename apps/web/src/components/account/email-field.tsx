import { MAX_LENGTH } from '@cusco/shared';
import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A required e-mail input of an account. `isUsername` where it signs in (the browser may fill in
 * the saved user); otherwise the e-mail of a new account.
 */
export function EmailField({
  isUsername = false,
  ...props
}: TextInputProps & { isUsername?: boolean }) {
  return (
    <TextInput
      type="email"
      autoComplete={isUsername ? 'username' : 'email'}
      maxLength={MAX_LENGTH.text}
      required
      {...props}
    />
  );
}
