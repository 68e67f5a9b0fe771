import { SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';

/**
 * Read-only facts as a description list, each a label and its value, in a grid laid out by the
 * caller (the account's facts, a booking's dates, type and category).
 */
export function FactList({
  facts,
  ...grid
}: { facts: [label: string, value: string][] } & SimpleGridProps) {
  return (
    <SimpleGrid component="dl" {...grid}>
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
