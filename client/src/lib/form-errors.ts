/** The shape of a failed schema parse that the forms need: each problem's field and message. */
type ParseIssues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

/** First message per top-level field, for showing under the inputs of a form. */
export function fieldErrors<Field extends string>(error: ParseIssues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field as Field] === undefined) {
      errors[field as Field] = issue.message;
    }
  }
  return errors;
}
