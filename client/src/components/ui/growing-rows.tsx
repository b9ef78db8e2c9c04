import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useGrowingCount } from './use-growing-count';

/** Shorter than any row of a staff list (a table row with its buttons, a phone's card): for counting a screenful. */
const LIST_ROW_MIN_HEIGHT_PX = 44;

/** The rows of a list's first render: as many as a window this tall could show, and one more. */
export function firstScreenfulOfRows(height: number): number {
  return Math.ceil(height / LIST_ROW_MIN_HEIGHT_PX) + 1;
}

/**
 * A long list the client holds whole (the staff's items), drawn a screenful first and `step` rows more as it is
 * scrolled or its button pressed (useGrowingCount): 200 items were 200 rows and 400 buttons built before a phone
 * could respond (issue 41: the items screen's blocking time). `children` draws the rows it is given. Give it a new
 * `key` when the rows change meaning (a search) to start again at the first screenful.
 */
export function GrowingRows<Row>({
  rows,
  step = 50,
  moreText,
  children,
}: {
  rows: Row[];
  step?: number;
  moreText: (left: number) => string;
  children: (drawn: Row[]) => ReactNode;
}) {
  const [first] = useState(() => firstScreenfulOfRows(window.innerHeight));
  const { count, hasMore, left, sentinel, showMore } = useGrowingCount(rows.length, first, step);
  return (
    <>
      {children(rows.slice(0, count))}
      {hasMore && (
        <Group ref={sentinel} justify="center">
          <Button variant="default" onClick={showMore}>
            {moreText(left)}
          </Button>
        </Group>
      )}
    </>
  );
}
