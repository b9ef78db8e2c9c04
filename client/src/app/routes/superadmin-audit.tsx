import { AuditList } from '../../features/audit/components/audit-list';
import { HeadedScreen } from '../../components/layout/headed-screen';
import { useT } from '../../lib/i18n/use-t';

// "/superadmin-audit" - the audit log of staff changes (contract "running the programme", Audit screen;
// docs/decisions/020). Superadmins only: the API refuses anyone else.
export default function SuperadminAuditRoute() {
  const t = useT();
  return (
    <HeadedScreen heading={t('auditScreen.title')}>
      <AuditList />
    </HeadedScreen>
  );
}
