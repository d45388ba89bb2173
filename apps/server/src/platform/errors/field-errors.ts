import type { ValidationError } from '@homeward/contracts';
import { DomainError } from './domain-error';

/** A 400 with one field error, the shape every identity rule reports in. */
export function fieldError(field: string, message: string, params?: Record<string, string | number>) {
  return new DomainError('validation_failed', undefined, undefined, [
    { field, message, ...(params ? { params } : {}) },
  ]);
}

/**
 * Two requests racing for one name both pass the service's check; the unique index stops the
 * second. This turns that database error into the field error the check would have given, keyed
 * by the name of the unique constraint or index.
 */
export async function withUniqueFieldErrors<T>(
  work: () => Promise<T>,
  errorsByConstraint: Record<string, ValidationError>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
    if (code !== '23505') throw error;
    const text = `${constraint ?? ''} ${String((cause as Error).message ?? '')}`;
    const match = Object.entries(errorsByConstraint).find(([name]) => text.includes(name));
    if (!match) throw error;
    throw new DomainError('validation_failed', undefined, undefined, [match[1]]);
  }
}
