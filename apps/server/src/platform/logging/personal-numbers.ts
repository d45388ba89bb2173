/**
 * CPR numbers (Danish personal identity numbers) never reach a log or the audit log in full. A
 * request URL can hold one (`GET /api/citizens?filter=010245-1234`, the exact CPR search), so URLs
 * are passed through this before they are written: any run of exactly 10 digits, with or without
 * the dash after the 6th, keeps its birth date and loses its serial (`010245-XXXX`). Longer digit
 * runs (IMEIs), shorter ones and numbers after a `+` (phone numbers) are left alone.
 */
export function redactCprNumbers(text: string): string {
  return text.replace(/(?<![\d+])(?<!%2B)(\d{6})(?:-|%2D)?\d{4}(?!\d)/gi, '$1-XXXX');
}
