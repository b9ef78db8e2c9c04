import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** The theme in the reader's language: the names of Mantine's close buttons are words too. */
export const createAppTheme = (labels: { closeDialog: string; hideNotification: string; togglePassword: string }) =>
  createTheme({
    primaryColor: 'blue',
    // White text on blue-8 measures 5.0:1; the default shade (blue-6) is 3.6:1, below WCAG AA for body text.
    primaryShade: { light: 8, dark: 5 },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Keyboard focus stays visible on every control (Mantine draws the ring only for keyboard focus).
    focusRing: 'auto',
    // Mantine's close buttons are bare icons: give every one a name for screen readers. Plain objects, not
    // Modal.extend(), so the login bundle does not pull in the components themselves.
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.closeDialog } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.hideNotification } } },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.togglePassword } } },
      // Placeholders hold still: a pulsing one is a frame drawn per display refresh while the first screen
      // loads, the compositor's work beside the page's (decision 028).
      Skeleton: { defaultProps: { animate: false } },
    },
  });

// Mantine's default dimmed text (gray-6 on white) measures 3.3:1; gray-7 passes AA.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
