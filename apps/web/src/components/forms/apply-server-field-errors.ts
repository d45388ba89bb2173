import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../app/api/api-request-error';

/**
 * Puts a 400's field errors on the form fields they name (`roleNames.0` lands on `roleNames`).
 * Several errors of one field (each broken password rule) stay together: the first is the field's
 * `message`, and all of them are its `types` (read them with `fieldErrorMessages`).
 * Returns whether any error found a field, so the caller can fall back to a toast alone.
 */
export function applyServerFieldErrors<TForm extends FieldValues>(
  error: unknown,
  fieldNames: readonly string[],
  setError: UseFormSetError<TForm>,
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const messagesByField = new Map<string, string[]>();
  for (const fieldError of error.body?.error.validationErrors ?? []) {
    const name = fieldNames.find(
      (candidate) => fieldError.field === candidate || fieldError.field.startsWith(`${candidate}.`),
    );
    if (!name) continue;
    // The params travel encoded like the browser's own zod messages, so both render the same way.
    const message = fieldError.params
      ? `${fieldError.message}|${JSON.stringify(fieldError.params)}`
      : fieldError.message;
    messagesByField.set(name, [...(messagesByField.get(name) ?? []), message]);
  }
  let applied = false;
  for (const [name, messages] of messagesByField) {
    const types = Object.fromEntries(messages.map((message, index) => [`server${index}`, message]));
    setError(name as Path<TForm>, { type: 'server', message: messages[0], types }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
