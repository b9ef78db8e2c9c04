// What the build serves in place of @mantine/hooks' use-id module (mantine-ids-from-react.ts, decision 032):
// React's own useId, the same id on every render from the first one. Mantine's sets a random id in a layout
// effect after mounting (a leftover of React 17, which had no useId), even when the component was given an id,
// so every input, checkbox, menu and tab is rendered twice, the second time at once inside the first commit.
// The prefix is Mantine's; characters React puts around its ids that are unsafe in a CSS selector are dropped,
// as Mantine drops its colons.
import { useId as useReactId } from 'react';

export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;
}
