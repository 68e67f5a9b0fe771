import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bar fixed at the bottom of a phone's screen: a figure and its action, over the page (the page
 * leaves room for it). Named, when given a label, as a complementary landmark.
 */
export function BottomBar({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Box
      component={label ? 'aside' : 'div'}
      aria-label={label}
      data-bottom-bar
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      p="sm"
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 150 }}
    >
      <Group justify="space-between" wrap="nowrap">
        {children}
      </Group>
    </Box>
  );
}
