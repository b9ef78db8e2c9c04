import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { isApiError, serverMessage } from './api-client';
import { localizedSchemaResolver } from './forms';

type EditInPlaceOptions<Values> = {
  /** The record's shared schema: checks the form (messages in the reader's language), then shapes what is sent. */
  schema: Parameters<typeof localizedSchemaResolver>[0] & { parse: (values: unknown) => Values };
  /** The form paths whose server message (400 `details`) goes under their own input; any other failure is `failure`. */
  fields: readonly string[];
  /** The notification of a save. */
  savedMessage: string;
  /** The failure beside the buttons when the server sent no words of its own. */
  failedMessage: string;
};

/**
 * Edit in place of one saved settings record (the /superadmin-system panels: Edit, Save, Cancel). The points
 * expiry and system settings editors were the same code but for their record; this is that code once, so a
 * fix to how a panel is edited, saved or fails reaches every such panel. The feature hook calls its own save
 * mutation with `mutationConfig` and hands the mutation to `submitTo` for the form's submit.
 *
 * Edit seeds the form from the saved value and forgets the last attempt's messages; a save leaves editing and
 * says so; a refused value goes under its input (`fields`), any other failure is `failure`.
 */
export function useEditInPlace<Values extends Record<string, unknown>>({
  schema,
  fields,
  savedMessage,
  failedMessage,
}: EditInPlaceOptions<Values>) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const validate = useMemo(() => localizedSchemaResolver(schema), [schema]);
  const form = useForm<Values>({ validate });

  return {
    form,
    editing,
    failure,
    /** Edit: the form starts from the saved value, with no message from a last attempt. */
    startEditing: (current: Values) => {
      form.setValues(current);
      form.clearErrors();
      setFailure(null);
      setEditing(true);
    },
    cancel: () => setEditing(false),
    /** The save mutation's callbacks: pass them as its `mutationConfig`. */
    mutationConfig: {
      onSuccess: () => {
        notifications.show({ color: 'green', message: savedMessage });
        setEditing(false);
      },
      onError: (error: unknown) => {
        // The server's messages by field, each under its own input (tierBillingRequirements.Gold…).
        const messages = isApiError(error) ? error.fieldErrors : {};
        const placed = Object.fromEntries(fields.flatMap((field) => (messages[field] ? [[field, messages[field]]] : [])));
        if (Object.keys(placed).length > 0) form.setErrors(placed);
        else setFailure(serverMessage(error) ?? failedMessage);
      },
    },
    /** The form's submit handler: checks the values, then sends them (as the schema shapes them) through `mutation`. */
    submitTo: (mutation: { mutate: (values: Values) => void }) =>
      form.onSubmit((values) => {
        setFailure(null);
        mutation.mutate(schema.parse(values));
      }),
  };
}
