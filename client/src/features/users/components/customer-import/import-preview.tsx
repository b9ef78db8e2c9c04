import { formatNumber } from '@app/common';
import { Alert, Button, Group, List, Pagination, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataList } from '../../../../components/ui/data-list';
import { localizeMessage } from '../../../../lib/i18n/language';
import { useT } from '../../../../lib/i18n/use-t';
import type { CheckedRow, RowProblem } from './check-import-rows';
import classes from './import-preview.module.css';

/** Rows per page of the preview: a full file (10,000 rows) stays quick to show on a phone. */
const PREVIEW_PAGE_SIZE = 50;

type Filter = 'problems' | 'all';

type ImportPreviewProps = {
  fileName: string;
  rows: CheckedRow[];
  /** Why the server refused the last attempt, when it did (nothing was added). */
  notice?: string;
  onImport: () => void;
  onCancel: () => void;
};

function Cell({ value }: { value: string }) {
  const t = useT();
  return value.trim() === '' ? (
    <Text span size="sm" c="dimmed" fs="italic">
      {t('importPreview.empty')}
    </Text>
  ) : (
    <>{value}</>
  );
}

/** One page of the preview's rows: row number, its problems (or OK), then the values the file gave. */
function PreviewRows({ rows }: { rows: CheckedRow[] }) {
  const t = useT();
  // A problem found in the browser has its own message id; the schema's and the server's are English texts.
  const problemText = (problem: RowProblem) =>
    problem.text ? t(problem.text.id, problem.text.values) : localizeMessage(problem.message);
  return (
    // The list draws the rows; this box only marks the ones with problems (import-preview.module.css).
    <div className={classes.rows}>
      <DataList
        label={t('importPreview.table')}
        rows={rows}
        rowKey={(row) => String(row.rowNumber)}
        columns={[
          {
            label: t('importPreview.row'),
            // A phone's card has no header above it: its title says "Row 3" there, not a bare 3.
            cell: (row) => (
              <span className={classes.rowNumber} data-word={t('importPreview.row')}>
                {row.rowNumber}
              </span>
            ),
          },
          {
            // Right after the row number, and on a phone right under it: what to fix comes first.
            label: t('importPreview.problems'),
            phone: 'block',
            cell: (row) =>
              row.problems.length > 0 ? (
                <List size="sm" c="red.9" spacing={2} className={classes.problems}>
                  {row.problems.map((problem) => (
                    <List.Item key={`${problem.field}-${problem.message}`}>{problemText(problem)}</List.Item>
                  ))}
                </List>
              ) : (
                <Text span size="sm" c="green.9">
                  {t('importPreview.ok')}
                </Text>
              ),
          },
          { label: t('usersTable.username'), cell: (row) => <Cell value={row.values.username} /> },
          { label: t('usersTable.partyName'), cell: (row) => <Cell value={row.values.partyName} /> },
          { label: t('usersTable.phoneNumber'), nowrap: true, cell: (row) => <Cell value={row.values.phoneNumber} /> },
          {
            label: t('importPreview.password'),
            // The admin typed these; the preview only shows that one is there.
            cell: (row) =>
              row.values.password === '' ? (
                <Cell value="" />
              ) : (
                <>
                  <span aria-hidden>••••••••</span>
                  <VisuallyHidden>{t('importPreview.passwordGiven')}</VisuallyHidden>
                </>
              ),
          },
        ]}
      />
    </div>
  );
}

/**
 * Every row of the file before anything is sent (spec §5 Bulk customer upload), with the row number the
 * admin sees in their spreadsheet. Rows with problems come first, can be shown alone, and block the import:
 * the server adds all rows or none (contract "Bulk customer upload"). On a phone each row is a card: "Row 3",
 * its problems (or OK) under it, then the username, party name, phone number and password in lines.
 */
export function ImportPreview({ fileName, rows, notice, onImport, onCancel }: ImportPreviewProps) {
  const t = useT();
  const problemCount = useMemo(() => rows.filter((row) => row.problems.length > 0).length, [rows]);
  const [filter, setFilter] = useState<Filter>(problemCount > 0 ? 'problems' : 'all');
  const [page, setPage] = useState(1);

  const activeFilter: Filter = problemCount === 0 ? 'all' : filter;
  const shown = useMemo(() => {
    const withProblems = rows.filter((row) => row.problems.length > 0);
    if (activeFilter === 'problems') return withProblems;
    return [...withProblems, ...rows.filter((row) => row.problems.length === 0)];
  }, [rows, activeFilter]);
  const pageCount = Math.max(1, Math.ceil(shown.length / PREVIEW_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = shown.slice((currentPage - 1) * PREVIEW_PAGE_SIZE, currentPage * PREVIEW_PAGE_SIZE);

  return (
    <Stack gap="md">
      <div>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Text>
        <Text size="sm" role="status">
          {t('importPreview.counts', { n: rows.length, rows: formatNumber(rows.length), problems: formatNumber(problemCount) })}
        </Text>
      </div>

      {notice && (
        <Alert color="red" variant="light" role="alert" title={t('importPreview.nothingAdded')}>
          {notice}
        </Alert>
      )}
      {problemCount > 0 && (
        <Alert color="yellow" variant="light">
          {t('importPreview.fixRows')}
        </Alert>
      )}

      {problemCount > 0 && (
        <SegmentedControl
          aria-label={t('importPreview.rowsToShow')}
          value={activeFilter}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          data={[
            { value: 'problems', label: t('importPreview.withProblems', { count: formatNumber(problemCount) }) },
            { value: 'all', label: t('importPreview.allRows', { count: formatNumber(rows.length) }) },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}

      <PreviewRows rows={pageRows} />

      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={currentPage}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('importPreview.previousRows') : t('importPreview.nextRows'),
          })}
          getItemProps={(item) => ({ 'aria-label': t('importPreview.rowsPage', { page: item }) })}
        />
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('import.cancel')}
        </Button>
        <Button onClick={onImport} disabled={problemCount > 0}>
          {t('importPreview.import', { n: rows.length, count: formatNumber(rows.length) })}
        </Button>
      </Group>
    </Stack>
  );
}
