import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type ComingSoonProps = {
  title: string;
  /** Anything the screen can already show truthfully above the notice (e.g. the shop's banner). */
  children?: ReactNode;
};

/** A screen whose features are not built yet: says so plainly and shows no invented data. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {children}
      <Text>This part of the portal is not available yet.</Text>
    </Stack>
  );
}
