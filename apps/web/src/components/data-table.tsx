import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: string;
  render(row: Row): ReactNode;
  align?: 'left' | 'right';
}

/**
 * A table; on a phone, a table of more than three columns becomes stacked cards of label/value
 * pairs, so that nothing scrolls sideways (a description list keeps it readable to screen readers).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  labelledBy,
  footer,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row, index: number): string;
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** A closing row (e.g. a total), rendered under the rows. */
  footer?: { label: string; value: ReactNode };
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  // Up to three columns fit a phone's width as a table; wider tables become stacked cards.
  if (phone && columns.length > 3) {
    return (
      <Stack gap="xs" role="list" aria-labelledby={labelledBy}>
        {rows.map((row, index) => (
          <Card key={rowKey(row, index)} withBorder padding="sm" role="listitem">
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4} component="dl" m={0}>
              {columns.map((column) => (
                <RowPair key={column.key} label={column.header} value={column.render(row)} />
              ))}
            </SimpleGrid>
          </Card>
        ))}
        {footer && (
          <Card padding="sm" bg="gray.0" role="listitem">
            <SimpleGrid cols={2} spacing={4} component="dl" m={0}>
              <RowPair label={footer.label} value={footer.value} strong />
            </SimpleGrid>
          </Card>
        )}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 480}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align ?? 'left'}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <TableRows columns={columns} rows={rows} rowKey={rowKey} />
        {footer && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={columns.length - 1} ta="right">
                {footer.label}
              </Table.Th>
              <Table.Th ta="right">{footer.value}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** The body of a table: one row per item, one cell per column. */
export function TableRows<Row>({
  columns,
  rows,
  rowKey,
}: {
  columns: Pick<Column<Row>, 'key' | 'render' | 'align'>[];
  rows: Row[];
  rowKey(row: Row, index: number): string;
}) {
  return (
    <Table.Tbody>
      {rows.map((row, index) => (
        <Table.Tr key={rowKey(row, index)}>
          {columns.map((column) => (
            <Table.Td key={column.key} ta={column.align ?? 'left'}>
              {column.render(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** A cell of two lines: the main text, and a smaller dimmed one under it. */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <>
      <Text size="sm">{main}</Text>
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
    </>
  );
}

function RowPair({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} ta="right" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </>
  );
}
