import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../lib/i18n/use-t';

/** Shown when a screen fails to render or its code cannot be downloaded (e.g. after a new release). */
export function RouteError() {
  const t = useT();
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md" role="alert">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text>{t('routeError.body')}</Text>
        <Stack gap="xs" align="flex-start">
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Anchor href="/">{t('routeError.home')}</Anchor>
        </Stack>
      </Stack>
    </Container>
  );
}

type ScreenErrorBoundaryProps = {
  /** The current path: when it changes, a failed screen is dropped and the new one renders. */
  resetKey: string;
  children: ReactNode;
};
type ScreenErrorBoundaryState = { failed: boolean; resetKey: string };

/**
 * Catches what a screen throws while rendering, or a screen whose code failed to download, and shows
 * RouteError instead of a blank page. Moving to another path starts afresh without remounting the layout.
 */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, ScreenErrorBoundaryState> {
  state: ScreenErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: ScreenErrorBoundaryProps, state: ScreenErrorBoundaryState) {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<ScreenErrorBoundaryState> {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
