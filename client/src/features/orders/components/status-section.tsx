import { AccordionChevron, Box, Collapse, Paper, Title, UnstyledButton, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type StatusSectionProps = {
  /** 'Pending (3)': the button's and the region's name. */
  label: string;
  /** The section's heading level (the button sits inside the heading, as WAI-ARIA's disclosure pattern asks). */
  headingOrder: TitleOrder;
  opened: boolean;
  onToggle: () => void;
  children: ReactNode;
};

/**
 * One collapsible status section of orders (spec §2: collapsible Pending, Completed and Cancelled). A disclosure
 * button over Mantine's Collapse rather than Mantine's Accordion: the profile route has 170 KB to spend and the
 * Accordion cost it 2 KB, while Collapse and the chevron already come with the signed-in layout (its NavLink).
 */
export function StatusSection({ label, headingOrder, opened, onToggle, children }: StatusSectionProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md">
      <Title order={headingOrder} m={0}>
        <UnstyledButton
          id={`${id}-control`}
          aria-expanded={opened}
          aria-controls={`${id}-panel`}
          onClick={onToggle}
          w="100%"
          px="md"
          py="sm"
          fz="md"
          fw={600}
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}
        >
          <span>{label}</span>
          <AccordionChevron
            aria-hidden
            style={{ flex: 'none', transition: 'transform 200ms ease', transform: opened ? 'rotate(180deg)' : undefined }}
          />
        </UnstyledButton>
      </Title>
      <Collapse
        expanded={opened}
        keepMountedMode="display-none"
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-control`}
      >
        <Box px="md" pb="md">
          {children}
        </Box>
      </Collapse>
    </Paper>
  );
}

/** The open sections after one is toggled, in the order of the statuses. */
export function toggleSection<S extends string>(all: readonly S[], open: readonly S[], toggled: S): S[] {
  return all.filter((status) => (status === toggled ? !open.includes(status) : open.includes(status)));
}
