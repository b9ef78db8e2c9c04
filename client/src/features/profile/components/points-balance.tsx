import { formatPoints } from '@app/common';
import { Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePoints } from '../api/get-points';

/** Spec §2 Header: a customer's 'Your Points' balance (Indian digit grouping, spec §9; points with 2 decimals). */
export function PointsBalance() {
  const points = usePoints();

  let value: ReactNode;
  if (points.isPending) {
    value = (
      <>
        <Loader size={14} aria-hidden />
        <VisuallyHidden>Loading</VisuallyHidden>
      </>
    );
  } else if (points.isError) {
    value = (
      <Text span fw={700} size="sm" title="Your points could not be loaded">
        <span aria-hidden>—</span>
        <VisuallyHidden>could not be loaded</VisuallyHidden>
      </Text>
    );
  } else {
    value = (
      <Text span fw={700} size="sm">
        {formatPoints(points.data.availablePoints)}
      </Text>
    );
  }

  return (
    <Stack gap={0} align="flex-end" aria-live="polite">
      <Text size="xs" c="dimmed" lh={1.2}>
        Your Points
      </Text>
      {value}
    </Stack>
  );
}
