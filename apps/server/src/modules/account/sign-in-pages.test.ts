import { describe, expect, it } from 'vitest';
import { loadAccountTexts } from './account-texts';
import { signInPage } from './sign-in-pages';

describe('sign-in pages', () => {
  it('says in the page language in how many minutes a throttled address may try again', async () => {
    const texts = await loadAccountTexts();
    const page = (language: 'en' | 'da') => {
      const t = texts.translator(language);
      return signInPage(t, { uid: 'u1', error: t('signIn.throttled', { minutes: 7 }) }).body.toString();
    };
    expect(page('en')).toContain('Too many failed sign-in attempts from your network. Try again in 7 min.');
    expect(page('da')).toContain('For mange mislykkede loginforsøg fra dit netværk. Prøv igen om 7 min.');
  });

  it('escapes the identifier kept in the form and the uid in its addresses', async () => {
    const t = (await loadAccountTexts()).translator('en');
    const body = signInPage(t, { uid: 'a"b', identifier: '<b>bob</b>' }).body.toString();
    expect(body).toContain('value="&lt;b&gt;bob&lt;/b&gt;"');
    expect(body).toContain('action="/account/interaction/a%22b/login"');
    expect(body).not.toContain('<b>bob</b>');
  });
});
