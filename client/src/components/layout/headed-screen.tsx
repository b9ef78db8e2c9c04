import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MessageId } from '../../lib/i18n/catalogs';
import { useT } from '../../lib/i18n/use-t';
import { useSession } from '../../lib/session';
import { PageLoader } from '../ui/page-loader';

/**
 * A screen that opens with its heading (and, for some, a lead: a sentence of words that need no data): the staff
 * screens and most of a customer's, and the same opening drawn while such a screen's code loads (router.tsx) and
 * from the page (prerender.tsx, decisions 030 and 047), so the opening is in place from the frame's first paint and
 * stays put when the screen arrives (issue 19: the heading was the dashboards' largest paint, drawn last).
 */
export function HeadedScreen({
  heading,
  lead,
  busy,
  children,
}: {
  heading: ReactNode;
  lead?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" aria-busy={busy || undefined}>
      <Title order={1}>{heading}</Title>
      {/* data-lead: the page's keeper writes the address's lead into the prerendered frame's (keep-prerendered-screen.ts). */}
      {lead !== undefined && <Text data-lead="">{lead}</Text>}
      {children}
    </Stack>
  );
}

/** A screen's opening: its heading's id and, when it has one, its lead's (router.tsx's screen()). */
export type ScreenOpening = { headingId: MessageId; leadId?: MessageId };

/**
 * What a headed screen shows while its code loads: its opening, then 'Loading...' where its content comes.
 * The words are there already (the signed-in frame renders once the screens' catalogues arrived). A heading may
 * greet the user by name (the profile's "Hello, {name}"): the name the session keeps.
 */
export function HeadedScreenLoader({ headingId, leadId }: ScreenOpening) {
  const t = useT();
  const session = useSession();
  const heading = t(headingId, { name: session?.partyName ?? '' });
  // An id where words should be is no heading to show.
  if (heading === headingId) return <PageLoader />;
  return (
    <HeadedScreen heading={heading} lead={leadId ? t(leadId) : undefined} busy>
      <PageLoader />
    </HeadedScreen>
  );
}
