import { describe, expect, it } from 'vitest';
import { lowercaseAttributeNames } from '../../../../src/lib/seo/react-attributes.ts';

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
});
