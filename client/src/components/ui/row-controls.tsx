import type { ComponentProps } from 'react';
import classes from './row-controls.module.css';

/**
 * Buttons, selects and checkboxes for a table drawn with twenty rows on a dashboard's first screen. Each Mantine
 * control is several components (Box, its theme and style hooks) and a users table drew about forty of them per
 * row, most of a slow phone's long task when the dashboard first showed (issue 29). These are the browser's own
 * elements, styled from the theme's variables to look like Mantine's compact ones.
 */
export const rowControlClasses = classes;

type RowButtonProps = ComponentProps<'button'> & {
  /** Mantine's "default" (outlined) or "light" (tinted) look. */
  variant?: 'default' | 'light';
  /** Red text, for a destructive action. */
  danger?: boolean;
  /** While its work is on its way: announced busy and not pressable. */
  busy?: boolean;
};

export function RowButton({ variant = 'default', danger = false, busy = false, type = 'button', ...props }: RowButtonProps) {
  return (
    <button
      type={type}
      className={classes.button}
      data-variant={variant}
      data-danger={danger || undefined}
      data-busy={busy || undefined}
      aria-busy={busy || undefined}
      {...props}
      disabled={props.disabled || busy}
    />
  );
}

/** The down arrow of a button that opens a menu. */
export function RowChevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
      <path d="M6 9l6 6l6 -6" />
    </svg>
  );
}
