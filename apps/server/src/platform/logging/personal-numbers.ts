/**
 * CPR numbers (Danish personal identity numbers) never reach a log or the audit log in full. A
 * request URL can hold one (`GET /api/citizens?filter=010245-1234`, the exact CPR search), so URLs
 * are passed through this before they are written: any run of exactly 10 digits, with or without
 * the dash after the 6th, keeps its birth date and loses its serial (`010245-XXXX`). Longer digit
 * runs (IMEIs), shorter ones and numbers after a `+` (phone numbers) are left alone, and so are
 * uuids: an entity id such as `…-5a1621707406` holds 10 digits in a row but is no CPR number, and
 * masking part of it would make the logged URL point nowhere.
 */
const UUID_OR_CPR =
  /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|(?<![\d+])(?<!%2B)(\d{6})(?:-|%2D)?\d{4}(?!\d)/gi;

export function redactCprNumbers(text: string): string {
  // The uuid alternative comes first, so a uuid is consumed whole before a CPR match can start in it.
  return text.replace(UUID_OR_CPR, (match, uuid: string | undefined, birthDate: string | undefined) =>
    uuid ? match : `${birthDate}-XXXX`,
  );
}
