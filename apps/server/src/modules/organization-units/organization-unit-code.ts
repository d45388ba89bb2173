/** Materialised-path codes of organization units: `00001`, `00001.00002`, ... */

const SEGMENT_LENGTH = 5;

/** The code for a new child: one more than the highest sibling segment, under the parent's code. */
export function nextChildCode(parentCode: string | null, siblingCodes: string[]): string {
  const highest = siblingCodes.reduce((max, code) => {
    const last = Number(code.slice(code.lastIndexOf('.') + 1));
    return Number.isFinite(last) && last > max ? last : max;
  }, 0);
  const segment = String(highest + 1).padStart(SEGMENT_LENGTH, '0');
  return parentCode ? `${parentCode}.${segment}` : segment;
}

/** Whether `code` is `ancestorCode` itself or lies below it. */
export function isSameOrDescendant(code: string, ancestorCode: string): boolean {
  return code === ancestorCode || code.startsWith(`${ancestorCode}.`);
}
