import { describe, expect, it } from 'vitest';
import { loadAccountTexts } from './account-texts';
import { lockedOutPage, signInPage } from './sign-in-pages';

describe('sign-in pages', () => {
  it('writes the end of a lockout in the page language, in UTC', async () => {
    const texts = await loadAccountTexts();
    const lockoutEnd = new Date('2099-01-02T03:04:00Z');
    const en = lockedOutPage(texts.translator('en'), 'en', { uid: 'u1', lockoutEnd }).body.toString();
    const da = lockedOutPage(texts.translator('da'), 'da', { uid: 'u1', lockoutEnd }).body.toString();
    expect(en).toContain('Your account is locked until 2 Jan 2099, 03:04 UTC.');
    expect(da).toContain('Din konto er låst indtil 2. jan. 2099, 03.04 UTC.');
  });

  it('escapes the identifier kept in the form and the uid in its addresses', async () => {
    const t = (await loadAccountTexts()).translator('en');
    const body = signInPage(t, { uid: 'a"b', identifier: '<b>bob</b>' }).body.toString();
    expect(body).toContain('value="&lt;b&gt;bob&lt;/b&gt;"');
    expect(body).toContain('action="/account/interaction/a%22b/login"');
    expect(body).not.toContain('<b>bob</b>');
  });
});
