import { describe, expect, it } from 'vitest';
// Imported under another name so that prettier does not reformat the markup under test.
import { escapeHtml, html as markup, SafeHtml, trustedHtml } from './html';

describe('escapeHtml', () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<script>alert("x" + 'y' + \`z\`)</script> & co`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39; + &#96;z&#96;)&lt;/script&gt; &amp; co',
    );
    expect(escapeHtml(42)).toBe('42');
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});

describe('html', () => {
  it('escapes interpolated values in content and attributes', () => {
    const name = '"><img src=x onerror=alert(1)>';
    expect(markup`<input value="${name}"><p>${name}</p>`.toString()).toBe(
      '<input value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"><p>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it('nests safe fragments without escaping them twice, and joins arrays', () => {
    const items = ['a&b', '<c>'].map((item) => markup`<li>${item}</li>`);
    const list = markup`<ul>${items}</ul>`;
    expect(list).toBeInstanceOf(SafeHtml);
    expect(list.toString()).toBe('<ul><li>a&amp;b</li><li>&lt;c&gt;</li></ul>');
  });

  it('renders nothing for null, undefined and false, and keeps 0 and trusted markup', () => {
    expect(markup`[${null}${undefined}${false}${0}${trustedHtml('<b>ok</b>')}]`.toString()).toBe(
      '[0<b>ok</b>]',
    );
  });
});
