import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MessageId } from '../../lib/i18n/catalogs';
import { useT } from '../../lib/i18n/use-t';
import { PageLoader } from '../ui/page-loader';

/**
 * A screen that opens with its heading: the staff screens, and the same heading drawn while such a screen's
 * code loads (router.tsx), so the heading is in place from the frame's first paint and stays put when the
 * screen arrives (issue 19: the heading was the dashboards' largest paint, drawn last).
 */
export function HeadedScreen({ heading, busy, children }: { heading: ReactNode; busy?: boolean; children: ReactNode }) {
  return (
    <Stack gap="lg" aria-busy={busy || undefined}>
      <Title order={1}>{heading}</Title>
      {children}
    </Stack>
  );
}

/**
 * What a headed screen shows while its code loads: its heading, then 'Loading...' where its content comes.
 * The heading's words are there already (the signed-in frame renders once the screens' catalogues arrived).
 */
export function HeadedScreenLoader({ headingId }: { headingId: MessageId }) {
  const t = useT();
  const heading = t(headingId);
  // An id where words should be is no heading to show.
  if (heading === headingId) return <PageLoader />;
  return (
    <HeadedScreen heading={heading} busy>
      <PageLoader />
    </HeadedScreen>
  );
}
