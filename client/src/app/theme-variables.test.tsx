import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppTheme, cssVariablesResolver } from './theme';

// The app's MantineProvider does not compute the theme's CSS variables in the browser (withCssVariables off,
// app/provider.tsx, decision 027): styles/theme-variables.css carries them, written from what Mantine itself
// generates for this theme. After a change to the theme, `npx vitest run -u src/app/theme-variables.test.tsx`
// writes the file again.
describe('the theme’s CSS variables', () => {
  it('when Mantine generates the variables of the app’s theme, then styles/theme-variables.css holds exactly them', async () => {
    const theme = createAppTheme({ closeDialog: 'Close', hideNotification: 'Hide', togglePassword: 'Show' });
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p>page</p>
      </MantineProvider>,
    );
    const generated = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';

    expect(generated).toContain('--mantine-cursor-type: pointer');
    expect(generated).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
    await expect(
      `/* Written by app/theme-variables.test.tsx from Mantine's own output: do not edit. */\n${generated}\n`,
    ).toMatchFileSnapshot('../styles/theme-variables.css');
  });
});
