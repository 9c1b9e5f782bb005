import { describe, expect, it } from 'vitest';
import { catalogueCollections, reorderBody } from './catalogue';
import { cartQty, inquiryForm, orderRangeParams } from './catalogue-orders';

describe('catalogue contracts', () => {
  const course = catalogueCollections.courses.input;
  const product = catalogueCollections.products.input;

  it('reads a moment as Taiwan time or ISO with its offset; empty is none', () => {
    expect(course.parse({ title: '課', starts_at: '2027/03/10 09:00' }).starts_at?.toISOString()).toBe(
      '2027-03-10T01:00:00.000Z',
    );
    expect(course.parse({ title: '課', starts_at: '2027-03-10T09:00:00+08:00' }).starts_at?.toISOString()).toBe(
      '2027-03-10T01:00:00.000Z',
    );
    expect(course.parse({ title: '課', starts_at: '' }).starts_at).toBeNull();
    expect(course.safeParse({ title: '課', starts_at: '下週三' }).success).toBe(false);
  });

  it('takes a JSON field as an array or its JSON text, and refuses what is not JSON of its shape', () => {
    expect(product.parse({ title: '書', pics: '["a.webp"]' }).pics).toEqual(['a.webp']);
    expect(product.parse({ title: '書', product_type_ids: [1, 2] }).product_type_ids).toEqual([1, 2]);
    expect(product.parse({ title: '書' }).description_titles).toEqual([]);
    const notJson = product.safeParse({ title: '書', pics: '[a.webp' });
    expect(notJson.error?.issues[0]?.message).toBe('pics不是有效的 JSON');
    const wrongShape = product.safeParse({ title: '書', description_titles: '[{"title":""}]' });
    expect(wrongShape.error?.issues[0]?.message).toContain('description_titles的 JSON 格式不符');
    expect(product.safeParse({ title: '書', pics: '["../secret"]' }).success).toBe(false);
  });

  it('makes a quantity of 0 or less, or not a number, 1', () => {
    expect([0, -2, 'abc', '', null, undefined, '3', 2.7, 1e9].map((value) => cartQty.parse(value))).toEqual([
      1, 1, 1, 1, 1, 1, 3, 2, 9999,
    ]);
  });

  it('requires the inquiry fields and the robot check, with the spec message', () => {
    const result = inquiryForm.safeParse({ name: '王', email: 'x', telephone: '1', company_name: '', message: '' });
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['email', '電子郵件格式不正確'],
        ['company_name', '請輸入公司或單位名稱'],
        ['message', '請輸入訊息'],
        ['altcha', '請完成「我不是機器人」驗證。（Please verify that I am not a robot）'],
      ]),
    );
  });

  it('checks the order range and the reorder body', () => {
    expect(orderRangeParams.safeParse({ id: '1', start: '2026-05-01', end: '2026-04-01' }).success).toBe(false);
    expect(orderRangeParams.safeParse({ id: '1', start: '2026-04-01', end: '2026-05-01' }).success).toBe(true);
    expect(reorderBody.safeParse({ ids: [1, 2], index_ids: [1] }).success).toBe(false);
    expect(reorderBody.safeParse({ ids: [1, 1], index_ids: [1, 2] }).success).toBe(false);
  });
});
