import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText', () => {
  it('keeps ordinary formatting, lists and tables', () => {
    const html =
      '<p>防治<strong>炭疽病</strong>的<em>要點</em></p><ul><li>一</li><li>二</li></ul>' +
      '<table><caption>用藥</caption><thead><tr><th scope="col">藥劑</th></tr></thead>' +
      '<tbody><tr><td colspan="2">亞托敏</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes script elements together with their content', () => {
    expect(sanitizeRichText('<p>前</p><script>alert(1)</script><p>後</p>')).toBe('<p>前</p><p>後</p>');
    expect(sanitizeRichText('<SCRIPT SRC=//evil.example/x.js></SCRIPT>')).toBe('');
  });

  it('removes event handler attributes', () => {
    expect(sanitizeRichText('<img src="/files/public/a.jpg" onerror="alert(1)">')).toBe(
      '<img src="/files/public/a.jpg" alt="" loading="lazy" decoding="async" />',
    );
    expect(sanitizeRichText('<p onclick="alert(1)" onmouseover="x()">文字</p>')).toBe('<p>文字</p>');
  });

  it('drops images whose address is refused, such as the classic onerror probe', () => {
    expect(sanitizeRichText('<img src=x onerror=alert(1)>')).toBe(
      '<img src="x" alt="" loading="lazy" decoding="async" />',
    );
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });

  it('removes javascript: and data: link targets, whatever their spelling', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">點我</a>')).toBe('<a>點我</a>');
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">點我</a>')).toBe('<a>點我</a>');
    expect(sanitizeRichText('<a href=" &#106;avascript:alert(1)">點我</a>')).toBe('<a>點我</a>');
    expect(sanitizeRichText('<a href="java\tscript:alert(1)">點我</a>')).toBe('<a>點我</a>');
    expect(sanitizeRichText('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">點我</a>')).toBe(
      '<a>點我</a>',
    );
    expect(sanitizeRichText('<a href="vbscript:msgbox(1)">點我</a>')).toBe('<a>點我</a>');
  });

  it('keeps http, https, mailto and relative links', () => {
    expect(sanitizeRichText('<a href="https://www.tari.gov.tw/">農試所</a>')).toBe(
      '<a href="https://www.tari.gov.tw/">農試所</a>',
    );
    expect(sanitizeRichText('<a href="http://example.org/a?b=1&amp;c=2">連結</a>')).toBe(
      '<a href="http://example.org/a?b=1&amp;c=2">連結</a>',
    );
    expect(sanitizeRichText('<a href="mailto:service@example.org">來信</a>')).toBe(
      '<a href="mailto:service@example.org">來信</a>',
    );
    expect(sanitizeRichText('<a href="/search/bug?term=%E8%9A%9C">蚜蟲</a>')).toBe(
      '<a href="/search/bug?term=%E8%9A%9C">蚜蟲</a>',
    );
    expect(sanitizeRichText('<a href="tel:0212345678">電話</a>')).toBe('<a>電話</a>');
    expect(sanitizeRichText('<a href="//evil.example/">外站</a>')).toBe('<a>外站</a>');
  });

  it('adds rel="noopener noreferrer" to links that open a new tab and drops other targets', () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_blank">外站</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">外站</a>',
    );
    expect(sanitizeRichText('<a href="https://example.org" target="_blank" rel="opener">外站</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">外站</a>',
    );
    expect(sanitizeRichText('<a href="https://example.org" target="_top">外站</a>')).toBe(
      '<a href="https://example.org">外站</a>',
    );
  });

  it('removes svg together with its onload handler and content', () => {
    expect(sanitizeRichText('<svg onload="alert(1)"><circle r="4"></circle></svg><p>文</p>')).toBe('<p>文</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>')).toBe('');
  });

  it('removes style elements and style attributes', () => {
    expect(sanitizeRichText('<style>body{display:none}</style><p style="position:fixed;inset:0">文</p>')).toBe(
      '<p>文</p>',
    );
    expect(sanitizeRichText('<p class="evil" id="main">文</p>')).toBe('<p>文</p>');
  });

  it('removes forms, objects, meta refreshes and base tags', () => {
    expect(
      sanitizeRichText(
        '<form action="https://evil.example"><input name="p"><button>送出</button></form>' +
          '<object data="x.swf"></object><embed src="x.swf">' +
          '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/">',
      ),
    ).toBe('送出');
  });

  it('keeps YouTube embeds on the privacy-enhanced host and removes every other frame', () => {
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/embed/abc123" title="防治影片"></iframe>')).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="防治影片" ' +
        'allow="accelerometer; encrypted-media; gyroscope; picture-in-picture" allowfullscreen ' +
        'loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
    expect(sanitizeRichText('<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>')).toContain(
      'title="嵌入影片"',
    );
    expect(sanitizeRichText('<iframe src="https://evil.example/embed/x"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe src="http://www.youtube.com/embed/x"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
  });

  it('turns content h1 into h2 so the page keeps one h1', () => {
    expect(sanitizeRichText('<h1>標題</h1><h3>小節</h3>')).toBe('<h2>標題</h2><h3>小節</h3>');
  });

  it('keeps image descriptions and sizes and loads images lazily', () => {
    expect(sanitizeRichText('<img src="https://example.org/a.jpg" alt="斜紋夜蛾幼蟲" width="640" height="480">')).toBe(
      '<img src="https://example.org/a.jpg" alt="斜紋夜蛾幼蟲" width="640" height="480" loading="lazy" decoding="async" />',
    );
  });

  it('escapes stray markup characters in text', () => {
    expect(sanitizeRichText('3 < 5 & "引號"')).toBe('3 &lt; 5 &amp; "引號"');
    expect(sanitizeRichText('<p>a</p><!-- <script>alert(1)</script> -->')).toBe('<p>a</p>');
  });
});
