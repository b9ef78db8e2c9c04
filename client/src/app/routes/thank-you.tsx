import { formatPoints } from '@app/common';
import { Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useProfile } from '../../features/profile/api/get-profile';
import { useT } from '../../lib/i18n/use-t';
import type { ThankYouState } from '../place-order';

function readState(state: unknown): Partial<ThankYouState> {
  if (typeof state !== 'object' || state === null) return {};
  const { availablePoints, orderIdAlias } = state as Record<string, unknown>;
  return {
    availablePoints: typeof availablePoints === 'number' ? availablePoints : undefined,
    orderIdAlias: typeof orderIdAlias === 'string' ? orderIdAlias : undefined,
  };
}

// "/thank-you" - spec §2 Thank-you: the confirmation with the remaining points, a close icon and Keep
// Shopping, both to /user/shop. The points come with the navigation; opened without them (a reload, a
// bookmark) they are the profile's balance.
export default function ThankYouRoute() {
  const t = useT();
  const navigate = useNavigate();
  const { availablePoints, orderIdAlias } = readState(useLocation().state);
  const profile = useProfile();
  const remaining = availablePoints ?? profile.data?.availablePoints;
  const toShop = () => void navigate(paths.shop.getHref());

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={520} mx="auto" w="100%">
      <Group justify="flex-end">
        <CloseButton aria-label={t('thankYou.close')} size="lg" onClick={toShop} />
      </Group>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon color="green" size={56} radius="xl" aria-hidden>
          <IconCheck size={32} />
        </ThemeIcon>
        <Title order={1}>{t('thankYou.title')}</Title>
        <Text>{orderIdAlias ? t('thankYou.placedWithId', { id: orderIdAlias }) : t('thankYou.placed')}</Text>
        <Text size="lg">
          {t('thankYou.remaining')} <strong>{remaining === undefined ? '…' : formatPoints(remaining)}</strong>
        </Text>
        <Button size="md" mt="sm" onClick={toShop}>
          {t('thankYou.keepShopping')}
        </Button>
      </Stack>
    </Paper>
  );
}
