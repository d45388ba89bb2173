import type { FieldError } from 'react-hook-form';

/**
 * Every message of a field's error, in order and once each: with `criteriaMode: 'all'` the form
 * keeps each broken rule under `types` (several of one kind as an array), and server field errors
 * arrive the same way (`applyServerFieldErrors`). Without them, the one `message`.
 */
export function fieldErrorMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const all = Object.values(error.types ?? {}).flatMap((value) =>
    Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [],
  );
  if (all.length === 0 && error.message) all.push(error.message);
  return [...new Set(all)];
}
