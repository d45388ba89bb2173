/**
 * Claim-type regexes are compiled with the `u` flag, the same way when they are saved and when a
 * value is checked, so a regex accepted on save never fails later.
 */
export function isValidClaimRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The whole value must match: a claim-type regex describes a value, not a part of one. */
export function matchesClaimRegex(pattern: string, value: string): boolean {
  if (!isValidClaimRegex(pattern)) return false;
  return new RegExp(`^(?:${pattern})$`, 'u').test(value);
}
