import { describe, expect, it } from 'vitest';
import { absoluteMailUrl, renderMail } from './render-mail';

const site = { publicUrl: 'https://pest.example.org/pest' };

describe('renderMail', () => {
  it('escapes every value in the HTML and keeps the text as typed', () => {
    const mail = renderMail(
      {
        subject: '重設密碼',
        greeting: '<img src=x onerror=alert(1)> 您好：',
        paragraphs: ['第一行\n第二行 & "引號"'],
        action: { label: '重設<密碼>', url: '/reset-password?token=a"b' },
      },
      site,
    );
    expect(mail.subject).toBe('【作物病蟲害資訊網】重設密碼');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; 您好：');
    expect(mail.html).toContain('第一行<br>第二行 &amp; &quot;引號&quot;');
    expect(mail.html).toContain('>重設&lt;密碼&gt;</a>');
    expect(mail.html).toContain('href="https://pest.example.org/pest/reset-password?token=a%22b"');
    expect(mail.text).toContain('<img src=x onerror=alert(1)> 您好：');
    expect(mail.text).toContain('重設<密碼>：\nhttps://pest.example.org/pest/reset-password?token=a%22b');
    expect(mail.text).toContain('https://pest.example.org/pest/');
  });

  it('accepts only http(s) links', () => {
    expect(() => absoluteMailUrl('javascript:alert(1)', site.publicUrl)).toThrow(/http/);
    expect(() => absoluteMailUrl('data:text/html,x', site.publicUrl)).toThrow(/http/);
    expect(absoluteMailUrl('https://other.example.org/a', site.publicUrl)).toBe('https://other.example.org/a');
  });
});
