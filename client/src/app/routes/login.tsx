import { Alert, Box, Center, Container, Paper, Stack, Title } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { LoginForm } from '../../features/auth/components/login-form';
import { landingPathFor } from '../../features/auth/landing-path';
import { SupportFooter } from '../../features/settings/components/support-footer';
import { useT } from '../../lib/i18n/use-t';
import { useSession } from '../../lib/session';

// "/" - spec §2 Login. Anyone already signed in (including just now, through the form) is sent to the
// reset screen or their home; an unknown user type stays here with 'Unknown user type' (spec §4).
export default function LoginRoute() {
  const session = useSession();
  const t = useT();
  const landing = session ? landingPathFor(session) : null;
  if (landing) return <Navigate to={landing} replace />;

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center component="main" style={{ flex: 1 }} px="md" py="xl">
        <Container size={420} w="100%" p={0}>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
            <Stack gap="lg">
              <Title order={1} ta="center" size="h2">
                {t('login.title')}
              </Title>
              {session && (
                <Alert color="red" variant="light" role="alert">
                  {t('login.unknownUserType')}
                </Alert>
              )}
              <LoginForm />
            </Stack>
          </Paper>
        </Container>
      </Center>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <SupportFooter variant="staff" />
        </Container>
      </Box>
    </Box>
  );
}
