import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { composeTitle, missingPageMeta, pageMeta } from './page-meta';

const root = {
  settings: { website_title: '作物病蟲害資訊網', description: '網站說明', keywords: '病蟲害' },
  publicUrl: 'https://pest.example.org/sub',
};

describe('page meta', () => {
  it('composes the tab title from the website title and the page title', () => {
    expect(composeTitle('作物病蟲害資訊網', '最新消息')).toBe('作物病蟲害資訊網 | 最新消息');
    expect(composeTitle('作物病蟲害資訊網')).toBe('作物病蟲害資訊網');
  });

  it('falls back to the site description and makes Open Graph URLs absolute', () => {
    const tags = pageMeta(root, { title: '首頁', path: '/', image: 'files/public/a.webp' });
    expect(tags).toContainEqual({ title: '作物病蟲害資訊網 | 首頁' });
    expect(tags).toContainEqual({ name: 'description', content: '網站說明' });
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://pest.example.org/sub/' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://pest.example.org/sub/files/public/a.webp' });
  });

  it("keeps the spec's English route title in the tab and a Chinese one in the share preview", () => {
    const tags = pageMeta(root, { title: 'HOME', shareTitle: '作物病蟲害資訊網', path: '/' });
    expect(tags).toContainEqual({ title: '作物病蟲害資訊網 | HOME' });
    expect(tags).toContainEqual({ property: 'og:title', content: '作物病蟲害資訊網' });
  });

  it("titles a missing record's page 找不到資料 and describes it with the page's message", () => {
    const tags = missingPageMeta(root, '找不到這部影片。');
    expect(tags).toContainEqual({ title: '作物病蟲害資訊網 | 找不到資料' });
    expect(tags).toContainEqual({ name: 'description', content: '找不到這部影片。' });
  });

  it('titles the page of a malformed address 網址有誤, as its heading says, with the loader’s message', () => {
    const error = new ErrorResponseImpl(400, 'Bad Request', { message: '編號必須是正整數。' });
    const tags = missingPageMeta(root, '找不到這部影片。', error);
    expect(tags).toContainEqual({ title: '作物病蟲害資訊網 | 網址有誤' });
    expect(tags).toContainEqual({ name: 'description', content: '編號必須是正整數。' });
    const missing = missingPageMeta(root, '找不到這部影片。', new ErrorResponseImpl(404, 'Not Found', null));
    expect(missing).toContainEqual({ title: '作物病蟲害資訊網 | 找不到資料' });
  });
});
