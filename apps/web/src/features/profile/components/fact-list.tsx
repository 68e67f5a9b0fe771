import { SimpleGrid, Text } from '@mantine/core';

/** Read-only facts of the account, as a description list: each a label and its value. */
export function FactList({ facts }: { facts: [label: string, value: string][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
