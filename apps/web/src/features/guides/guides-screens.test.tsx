import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import daGuides from '@homeward/i18n/locales/da/guides.json';
import daTranslation from '@homeward/i18n/locales/da/translation.json';
import enGuides from '@homeward/i18n/locales/en/guides.json';
import enTranslation from '@homeward/i18n/locales/en/translation.json';
import { guides as danish } from './content/guides.da';
import { guides as english } from './content/guides.en';
import { GuidePage } from './guide-page';
import { CAPTURED_SCREENSHOTS } from './guide-screenshots';
import { GuidesIndexPage } from './guides-index-page';

afterEach(cleanup);

async function createI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: { translation: enTranslation, guides: enGuides },
      da: { translation: daTranslation, guides: daGuides },
    },
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

/** The guides screens at `path`, as the route table places them. */
async function renderGuides(path: string) {
  const i18n = await createI18n();
  const router = createMemoryRouter(
    [
      { path: '/guides', element: <GuidesIndexPage /> },
      { path: '/guides/:slug', element: <GuidePage /> },
      { path: '/contact', element: <p>contact</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { i18n, router };
}

const titles = () =>
  within(screen.getByTestId('guide-list'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('the guides index', () => {
  it('lists every guide with a labelled search field', async () => {
    await renderGuides('/guides');
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Guides');
    await screen.findByTestId('guide-list');
    expect(titles()).toEqual(english.map((guide) => guide.title));
    expect(screen.getByLabelText('Search the guides')).toBe(screen.getByTestId('guides-search'));
    expect(screen.getByTestId('guides-count').textContent).toBe('6 guides');
  });

  it('filters by title and text as the reader types, and says when nothing matches', async () => {
    const { router } = await renderGuides('/guides');
    const search = await screen.findByLabelText('Search the guides');
    fireEvent.change(search, { target: { value: 'activation code' } });
    expect(titles()).toEqual(['Connect a watch']);
    expect(screen.getByTestId('guides-count').textContent).toBe('1 guide');
    expect(router.state.location.search).toBe('?q=activation+code');

    fireEvent.change(search, { target: { value: 'parachute' } });
    expect(screen.queryByTestId('guide-list')).toBeNull();
    expect(screen.getByTestId('guides-no-match').textContent).toContain('No guide matches “parachute”');
    fireEvent.click(screen.getByRole('button', { name: 'Show all guides' }));
    expect(titles()).toHaveLength(6);
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('opens a guide from the list, and back to the list keeps the search', async () => {
    const { router } = await renderGuides('/guides?q=geofence');
    fireEvent.click(await screen.findByTestId('guide-link-draw-a-geofence'));
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Draw a geofence');
    expect(router.state.location.pathname).toBe('/guides/draw-a-geofence');
    await act(() => router.navigate(-1));
    expect(((await screen.findByLabelText('Search the guides')) as HTMLInputElement).value).toBe('geofence');
  });

  it('shows the Danish guides and searches them in Danish after a language switch', async () => {
    const { i18n } = await renderGuides('/guides');
    await screen.findByTestId('guide-list');
    await act(() => i18n.changeLanguage('da'));
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Vejledninger');
    await screen.findByText('Tilslut et ur');
    expect(titles()).toEqual(danish.map((guide) => guide.title));
    fireEvent.change(screen.getByLabelText('Søg i vejledningerne'), { target: { value: 'oplad' } });
    expect(titles()[0]).toBe('Opladning og brug af uret');
    fireEvent.change(screen.getByLabelText('Søg i vejledningerne'), { target: { value: 'parachute' } });
    expect(screen.getByTestId('guides-no-match').textContent).toContain(
      'Ingen vejledning matcher “parachute”',
    );
  });

  it('has a help block that leads to the contact page', async () => {
    await renderGuides('/guides#help');
    expect((await screen.findByTestId('guides-contact')).getAttribute('href')).toBe('/contact');
  });
});

describe('one guide', () => {
  it('shows its title as the one h1 and its sections as h2', async () => {
    await renderGuides('/guides/alarms');
    const article = await screen.findByTestId('guide-alarms');
    expect(
      within(article)
        .getAllByRole('heading', { level: 1 })
        .map((h) => h.textContent),
    ).toEqual(['What each alarm means and what to do']);
    expect(
      within(article)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['The alarms', 'Acknowledge and handle', 'Who is told, and when']);
    for (const kind of ['SOS', 'Fall', 'Watch removed', 'Outside geofence', 'Low battery', 'Offline']) {
      expect(within(article).getByText(kind, { selector: 'dt' })).toBeTruthy();
    }
    expect(screen.getByTestId('guides-back').getAttribute('href')).toBe('/guides');
  });

  it('shows the Danish text of the same guide after a language switch', async () => {
    const { i18n } = await renderGuides('/guides/charging-and-wearing');
    await screen.findByTestId('guide-charging-and-wearing');
    await act(() => i18n.changeLanguage('da'));
    expect(
      (await screen.findByText('Opladning og brug af uret', { selector: 'h1' })).textContent,
    ).toBeTruthy();
    expect(screen.getByTestId('guide-charging-and-wearing').getAttribute('lang')).toBe('da');
  });

  it('says so for a slug that is no guide', async () => {
    await renderGuides('/guides/no-such-guide');
    const notFound = await screen.findByTestId('guide-not-found');
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe('This guide does not exist');
  });

  it('shows a captured screenshot with alt text in the page language, and never one not captured', async () => {
    const saved = { ...CAPTURED_SCREENSHOTS };
    CAPTURED_SCREENSHOTS['dashboard-alarms'] = { width: 1000, height: 600, languages: ['en', 'da'] };
    delete CAPTURED_SCREENSHOTS['connect-watch'];
    try {
      const { i18n } = await renderGuides('/guides/alarms');
      await screen.findByTestId('guide-alarms');
      await act(() => i18n.changeLanguage('da'));
      const image = (await screen.findByTestId('guide-screenshot-dashboard-alarms')).querySelector('img')!;
      expect(image.getAttribute('src')).toBe('/guides/da/dashboard-alarms.webp');
      expect(image.getAttribute('alt')).toBe(
        danish[2]!.blocks.flatMap((block) => (block.kind === 'screenshot' ? [block.alt] : []))[0],
      );
      // A screenshot that fails to load is removed rather than shown broken.
      fireEvent.error(image);
      expect(screen.queryByTestId('guide-screenshot-dashboard-alarms')).toBeNull();

      cleanup();
      await renderGuides('/guides/connect-a-watch');
      const article = await screen.findByTestId('guide-connect-a-watch');
      expect(article.querySelector('img')).toBeNull();
      expect(article.textContent).toContain('activation code');
    } finally {
      for (const key of Object.keys(CAPTURED_SCREENSHOTS))
        delete CAPTURED_SCREENSHOTS[key as keyof typeof saved];
      Object.assign(CAPTURED_SCREENSHOTS, saved);
    }
  });
});

describe('the captured screenshots', () => {
  const publicDir = path.resolve(import.meta.dirname, '../../../public/guides');
  it('are each a WebP file in every language they were taken in', () => {
    for (const [name, shot] of Object.entries(CAPTURED_SCREENSHOTS)) {
      for (const language of shot.languages) {
        const file = path.join(publicDir, language, `${name}.webp`);
        expect(existsSync(file), file).toBe(true);
        expect(readFileSync(file).subarray(8, 12).toString('ascii'), file).toBe('WEBP');
      }
    }
  });
});
