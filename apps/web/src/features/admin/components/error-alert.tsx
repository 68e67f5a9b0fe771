import { Alert, type AlertProps } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';

/** What a call refused, in an alert read out at once; nothing while there is no error. */
export function ErrorAlert({ error, ...props }: { error: unknown } & AlertProps) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" {...props}>
      {errorMessage(error)}
    </Alert>
  );
}
