import { Stack, Title } from '@mantine/core';
import { OverviewPanel } from '../../../features/overview/components/overview-panel';

// "/admin-overview" and "/superadmin-overview" - the programme at a glance (contract "running the programme",
// Overview; docs/decisions/020): its own screen so that the chart library loads here and nowhere else.
export default function StaffOverviewRoute() {
  return (
    <Stack gap="lg">
      <Title order={1}>Overview</Title>
      <OverviewPanel />
    </Stack>
  );
}
