import { describe, expect, it } from 'vitest';
import { lowercaseAttributeNames, lowercaseIslandAttributeNames } from '../../../../src/lib/seo/react-attributes.ts';

describe('attribute names of pre-rendered islands', () => {
  it('are written in lower case on HTML elements, values untouched', () => {
    expect(
      lowercaseAttributeNames(
        '<form noValidate=""><input id="e" type="email" autoComplete="email" inputMode="email" readOnly="" maxLength="3" value="Zoë AutoComplete=x"/><td colSpan="2"></td></form>',
      ),
    ).toBe(
      '<form novalidate=""><input id="e" type="email" autocomplete="email" inputmode="email" readonly="" maxlength="3" value="Zoë AutoComplete=x"/><td colspan="2"></td></form>',
    );
  });
  it('leave SVG and MathML, scripts, styles, comments and attribute values as they are', () => {
    const html =
      '<svg viewBox="0 0 24 24" preserveAspectRatio="none"><path d="M0"/><clipPath id="c"></clipPath></svg><label htmlFor="x" data-x="a inputMode=b">' +
      '<script type="application/json">{"<input autoComplete=":1}</script><style>a[inputMode]{}</style><!-- <b tabIndex="1"> --></label>' +
      '<astro-island props="{&quot;autoComplete&quot;:[0,&quot;x&quot;]}"><input spellCheck="false"></astro-island>';
    expect(lowercaseAttributeNames(html)).toBe(html.replace('htmlFor', 'htmlfor').replace('spellCheck', 'spellcheck'));
  });
  it('within the islands only, nested ones included, when the whole page is given', () => {
    const island = (inner: string) => `<astro-island uid="a" props="{&quot;readOnly&quot;:[0,true]}">${inner}</astro-island>`;
    const page = `<main data-Own="kept">${island(`<input readOnly=""/>${island('<td colSpan="2"></td>')}<b tabIndex="0"></b>`)}<p Lang="x"></p>${island('<input maxLength="3"/>')}</main>`;
    expect(lowercaseIslandAttributeNames(page)).toBe(
      `<main data-Own="kept">${island(`<input readonly=""/>${island('<td colspan="2"></td>')}<b tabindex="0"></b>`)}<p Lang="x"></p>${island('<input maxlength="3"/>')}</main>`,
    );
  });
  it('leave a page without islands, or with an island left open, as it is', () => {
    const plain = '<main><input readOnly=""/></main>';
    expect(lowercaseIslandAttributeNames(plain)).toBe(plain);
    const open = '<astro-island uid="a"><input readOnly=""/>';
    expect(lowercaseIslandAttributeNames(open)).toBe(open);
  });
});
