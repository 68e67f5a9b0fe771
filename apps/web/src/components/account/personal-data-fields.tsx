import { MAX_LENGTH } from '@cusco/shared';
import { SimpleGrid, type SimpleGridProps, TextInput, type TextInputProps } from '@mantine/core';

export interface PersonalDataFieldsProps {
  /** Each field's label and form input props. */
  name: TextInputProps;
  lastName: TextInputProps;
  phone: TextInputProps;
  cols: SimpleGridProps['cols'];
  /** More fields in the same grid, after the phone. */
  children?: React.ReactNode;
}

/** The first name, last name and phone of an account (spec §2 sign-up and profile), all required. */
export function PersonalDataFields({
  name,
  lastName,
  phone,
  cols,
  children,
}: PersonalDataFieldsProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      <TextInput autoComplete="given-name" maxLength={MAX_LENGTH.text} required {...name} />
      <TextInput autoComplete="family-name" maxLength={MAX_LENGTH.text} required {...lastName} />
      <TextInput type="tel" autoComplete="tel" maxLength={MAX_LENGTH.phone} required {...phone} />
      {children}
    </SimpleGrid>
  );
}
