// The login screen is in the page before any script runs (decision 023), so a quick visitor may tap a field
// and type before the app starts. main.tsx reads those fields here before React hydrates the prerendered
// screen; the login form's state starts from them, so it matches what the fields show, and the field that had
// the focus keeps it.

const typed = new Map<string, string>();
let focusedName: string | undefined;

/** Notes the values and the focus of the named fields inside the prerendered `root`. */
export function rememberTypedBeforeStart(root: HTMLElement): void {
  for (const input of root.querySelectorAll('input[name]')) {
    if (input instanceof HTMLInputElement && input.value !== '') typed.set(input.name, input.value);
  }
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && root.contains(active) && active.name) focusedName = active.name;
}

/** What was typed into the field of that name before the app started ('' when nothing). */
export function typedBeforeStart(name: string): string {
  return typed.get(name) ?? '';
}

/**
 * Gives the focus back to the field that had it, once the form is drawn, and forgets what was typed: a
 * later login form (after a logout) starts empty.
 */
export function restoreFocusBeforeStart(root: HTMLElement): void {
  const field = focusedName && root.querySelector(`input[name="${CSS.escape(focusedName)}"]`);
  if (field instanceof HTMLInputElement) field.focus();
  focusedName = undefined;
  typed.clear();
}
