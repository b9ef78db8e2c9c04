import type { FieldProblem, ImportRowDetail } from '@app/common';
import type { CheckedRow } from './check-import-rows';

// Apart from check-import-rows.ts: that one checks rows against the add-customer schema, and is downloaded
// only when a file is picked (customer-import.tsx), not with the dashboard (decision 031).

/**
 * Adds the server's problems to the rows they name (details' index is the row's position in the request).
 * The details come read: ApiError.rowProblems for a refused start, readErrorDetails for a failed job.
 */
export function withServerProblems(rows: CheckedRow[], details: ImportRowDetail[]): CheckedRow[] {
  const problemsByIndex = new Map<number, FieldProblem[]>();
  for (const detail of details) {
    problemsByIndex.set(detail.index, [...(problemsByIndex.get(detail.index) ?? []), ...detail.problems]);
  }
  return rows.map((row) => {
    const extra = problemsByIndex.get(row.index);
    if (!extra) return row;
    const known = new Set(row.problems.map((problem) => `${problem.field}\u0000${problem.message}`));
    const added = extra.filter((problem) => !known.has(`${problem.field}\u0000${problem.message}`));
    return { ...row, problems: [...row.problems, ...added] };
  });
}
