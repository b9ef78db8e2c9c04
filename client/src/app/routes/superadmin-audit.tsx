import { Stack, Title } from '@mantine/core';
import { AuditList } from '../../features/audit/components/audit-list';

// "/superadmin-audit" - the audit log of staff changes (contract "running the programme", Audit screen;
// docs/decisions/020). Superadmins only: the API refuses anyone else.
export default function SuperadminAuditRoute() {
  return (
    <Stack gap="lg">
      <Title order={1}>Audit</Title>
      <AuditList />
    </Stack>
  );
}
