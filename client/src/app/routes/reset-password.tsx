import { Alert, Anchor, Box, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { homePathFor } from '../../lib/home-path';
import { useT } from '../../lib/i18n/use-t';
import { clearSession, useSession } from '../../lib/session';

// "/reset-password" - spec §2 Reset password. Reached after a login whose password someone else chose
// (spec §4), or by choice, when the current password is asked too (contract: change-password). Kept outside
// the signed-in frame: until the password is set, every other API route answers 403, so there is nothing
// else to navigate to yet.
export default function ResetPasswordRoute() {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const [unknownUserType, setUnknownUserType] = useState(false);

  const goHome = (userType: string) => {
    // Spec §6: after a password reset each type goes home; other types give 'Unknown user type'.
    const home = homePathFor(userType);
    if (home) void navigate(home, { replace: true });
    else setUnknownUserType(true);
  };

  const logout = () => {
    clearSession();
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <Center component="main" mih="100dvh" px="md" py="xl">
      <Container size={420} w="100%" p={0}>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
          <Stack gap="lg">
            <Box>
              <Title order={1} size="h2">
                {t('resetPassword.title')}
              </Title>
              {session && !session.isPasswordReset && (
                <Text c="dimmed" size="sm" mt="xs">
                  {t('resetPassword.chooseOwn')}
                </Text>
              )}
            </Box>
            {unknownUserType && (
              <Alert color="red" variant="light" role="alert">
                {t('login.unknownUserType')}
              </Alert>
            )}
            <ResetPasswordForm
              askCurrentPassword={session?.isPasswordReset ?? true}
              onSuccess={(user) => goHome(user.userType)}
            />
            <Anchor component="button" type="button" onClick={logout} size="sm" ta="center">
              {t('userMenu.logout')}
            </Anchor>
          </Stack>
        </Paper>
      </Container>
    </Center>
  );
}
