import type { User } from '@app/common';
import { Text } from '@mantine/core';

/** Names the user an action is about, so the admin can check they picked the right row. */
export function UserSummary({ user }: { user: User }) {
  return (
    <Text fw={600}>
      {user.username}
      <Text span c="dimmed" fw={400}>
        {' '}
        ({user.partyName})
      </Text>
    </Text>
  );
}
