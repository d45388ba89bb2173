import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEMO_DEVICE_SECRET, DEMO_PASSWORD } from '@homeward/simulator';

/**
 * What must never stand in a server log line (issue 15): passwords, password hashes, access,
 * refresh and id tokens, MQTT secrets, TOTP secrets and unmasked CPR numbers. Written apart from the
 * server's own redaction (apps/server/src/platform/logging), so a gap there is not repeated here.
 */
export type SecretKind =
  | 'password hash'
  | 'password'
  | 'token'
  | 'JWT'
  | 'TOTP secret'
  | 'MQTT secret'
  | 'CPR number'
  | 'activation code'
  | 'secret field';

export interface Finding {
  file: string;
  line: number;
  kind: SecretKind;
  /** The match with its middle hidden, so the report does not repeat the secret in full. */
  excerpt: string;
}

/** The fixed passwords the tests, the demo data and the e2e journeys sign in or register with. */
export const KNOWN_PASSWORDS = [
  DEMO_PASSWORD,
  'Homeward!Demo2',
  'Homeward!D1',
  'Home!Dm1',
  'Given-Password1',
  'Wrong-Password',
  'Sommer-2026!',
];

/** The fixed TOTP secrets of tests (the others are random, and caught by their shape). */
const KNOWN_TOTP_SECRETS = ['JBSWY3DPEHPK3PXP'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NOT_REDACTED = '(?!\\[redacted\\])';
const SECRET_FIELDS =
  'password|newPassword|currentPassword|confirmPassword|passwordHash|password_hash|access_token|accessToken|refresh_token|refreshToken|id_token|idToken|token|secret|clientSecret|client_secret|mqttSecret|mqttPassword|totpSecret|totp_secret|code_verifier|activationCode';

const RULES: { kind: SecretKind; pattern: RegExp }[] = [
  { kind: 'password hash', pattern: /\$argon2(?:id|i|d)\$/g },
  { kind: 'password', pattern: new RegExp(KNOWN_PASSWORDS.map(escape).join('|'), 'g') },
  // The shape of the tests' other passwords: `Viewer-Password1!`, `Nul-Pass1!`.
  { kind: 'password', pattern: /\b[A-Z][a-z]+-Pass(?:word)?\d+!?/g },
  { kind: 'token', pattern: new RegExp(`\\bBearer\\s+${NOT_REDACTED}[A-Za-z0-9._~+/=-]{8,}`, 'g') },
  {
    kind: 'token',
    pattern: new RegExp(
      `\\b(?:access_token|refresh_token|id_token|id_token_hint|client_secret)=${NOT_REDACTED}[^&\\s"]+`,
      'g',
    ),
  },
  { kind: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g },
  { kind: 'TOTP secret', pattern: new RegExp(`otpauth://${NOT_REDACTED}`, 'g') },
  { kind: 'TOTP secret', pattern: new RegExp(`\\b(?:[A-Z2-7]{32}|${KNOWN_TOTP_SECRETS.join('|')})\\b`, 'g') },
  { kind: 'MQTT secret', pattern: new RegExp(escape(DEMO_DEVICE_SECRET), 'g') },
  // A watch's activation code as printed (`ABCDE-FGH23`, ACTIVATION_CODE_ALPHABET in contracts).
  { kind: 'activation code', pattern: /\b[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}\b/g },
  // A secret-named field with a value in a JSON line (`"password":"…"`, `"mqttSecret":"…"`).
  {
    kind: 'secret field',
    pattern: new RegExp(`"(?:${SECRET_FIELDS})"\\s*:\\s*"${NOT_REDACTED}[^"]+"`, 'gi'),
  },
];

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** DDMMYY as a CPR number's birth date (the day raised by 60 in replacement numbers). */
function isBirthDate(day: number, month: number, year: number): boolean {
  const realDay = day > 60 ? day - 60 : day;
  if (month < 1 || month > 12 || realDay < 1 || realDay > DAYS_IN_MONTH[month - 1]!) return false;
  return !(month === 2 && realDay === 29 && year % 4 !== 0);
}

/** Ten digits (or six, a dash and four) standing alone, or a uuid, which is consumed whole. */
const CPR_CANDIDATE =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![\w.+%])(\d\d)(\d\d)(\d\d)(?:-|%2D)?\d{4}(?![\w])/gi;
/** Numbers that are times, never CPR numbers: epoch seconds in `timestamp=`, `"time":`, `"iat":`. */
const TIME_KEY = /(?:time|timestamp|ts|iat|exp|nbf|auth_time)"?\s*[:=]\s*"?$/i;

function cprNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CPR_CANDIDATE)) {
    if (match[1] === undefined) continue;
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    if (TIME_KEY.test(before)) continue;
    if (isBirthDate(Number(match[1]), Number(match[2]), Number(match[3]))) found.push(match[0]);
  }
  return found;
}

function excerptOf(secret: string): string {
  if (secret.length <= 8) return `${secret.slice(0, 2)}…`;
  return `${secret.slice(0, 6)}…${secret.slice(-2)}`;
}

/** Every secret in one file's text, with its line number. */
export function scanText(text: string, file: string): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    for (const { kind, pattern } of RULES) {
      for (const match of content.matchAll(pattern))
        findings.push({ file, line, kind, excerpt: excerptOf(match[0]) });
    }
    for (const number of cprNumbersIn(content)) {
      findings.push({ file, line, kind: 'CPR number', excerpt: excerptOf(number) });
    }
  });
  return findings;
}

export interface FolderScan {
  files: number;
  lines: number;
  findings: Finding[];
}

function logFilesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return logFilesUnder(full);
    return name.endsWith('.log') ? [full] : [];
  });
}

/**
 * Scans every `.log` file under `folder`. Throws when the folder is missing or holds no log lines,
 * so a run that captured nothing can never pass as clean.
 */
export function scanLogFolder(folder: string): FolderScan {
  if (!existsSync(folder)) throw new Error(`No server logs to scan: ${folder} does not exist`);
  let lines = 0;
  const files = logFilesUnder(folder);
  const findings = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    lines += text.split('\n').filter(Boolean).length;
    return scanText(text, path.relative(process.cwd(), file));
  });
  if (lines === 0) throw new Error(`No server logs to scan: ${folder} holds no log lines`);
  return { files: files.length, lines, findings };
}

/** One line per finding, `file:line kind: excerpt`, as the scan's failure message. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((finding) => `${finding.file}:${finding.line} ${finding.kind}: ${finding.excerpt}`)
    .join('\n');
}
