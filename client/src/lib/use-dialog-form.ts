import { useState, type FormEvent } from 'react';
import { serverMessage } from './api-client';
import { setServerFieldErrors, type ServerErrorTarget } from './forms';

/**
 * Why a form's last attempt failed, the one way the form dialogs (and the password and email forms) keep it.
 * A failed request's problems about the form's own fields go under those inputs (setServerFieldErrors: 400
 * `details`, a 409 naming a field); anything else is the `failure` a DialogForm shows above its buttons: the
 * server's words, else the form's own `fallback` (spec §8: 'Failed to reset password'). A new attempt hides
 * the last one's failure, whether or not it passes the checks.
 */
export function useDialogForm<Values extends Record<string, unknown>>(form: ServerErrorTarget<Values>, fallback: string) {
  // The server's message is kept, not the fallback: the fallback is read at each render, in the current language.
  const [failed, setFailed] = useState<{ message: string | undefined } | null>(null);
  return {
    /** The failure to show, or null when the last attempt did not fail or its problems are under the inputs. */
    failure: failed ? (failed.message ?? fallback) : null,
    /**
     * A mutation's onError. `place` is the form's own place for a problem no field named (the item form's
     * picture for a proxy's 413); it returns true when it showed the problem there.
     */
    showError: (error: unknown, place?: (error: unknown) => boolean) => {
      if (setServerFieldErrors(form, error) || place?.(error)) return;
      setFailed({ message: serverMessage(error) });
    },
    /** A failure found before any request (no session token to send). */
    fail: (message: string) => setFailed({ message }),
    /** Forgets the last failure (the dialog closes, or the input it was about changes). */
    clearFailure: () => setFailed(null),
    /** The form's submit handler, hiding the last attempt's failure first. */
    submit: (handler: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
      setFailed(null);
      handler(event);
    },
  };
}
