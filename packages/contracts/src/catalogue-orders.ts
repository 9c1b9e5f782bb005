import { z } from 'zod';
import { orderStatuses } from './catalogue-order-vocabulary';
import { idSchema, productResponse } from './envelopes';

/*
 * Cart, inquiry and orders.
 */

/** The spec's alerts in Traditional Chinese, with the spec's own English words after them (decision 0205). */
export const storefrontMessages = {
  formSent:
    '表單已送出，我們會盡快與您聯繫！（The form has been sent successfully, we will contact you as soon as possible!）',
  formFailed: '表單送出失敗，請稍後再試！（Failed to send the form, please try again later!）',
  emptyCart: '您的詢價清單是空的。（You have no inquire!）',
  robotCheck: '請完成「我不是機器人」驗證。（Please verify that I am not a robot）',
  notYourCart: '只能查看及變更自己的購物車',
  notYourOrder: '只能查看及變更自己的詢價單',
  cartLineNotFound: '找不到這筆購物車項目',
  orderNotFound: '找不到這筆詢價單',
  productNotFound: '找不到這項商品，或商品已下架',
} as const;

/** The largest quantity of one cart line. */
export const maxCartQty = 9999;

/** the quantity is made a number; anything not above 0 (or not a number) becomes 1. */
export const cartQty = z
  .unknown()
  .transform((value) => {
    const number = typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(number) || number <= 0) return 1;
    return Math.min(Math.floor(number) || 1, maxCartQty);
  })
  .meta({ description: 'Quantity; 0 or less, or not a number, becomes 1' });

export const cartLineSchema = z
  .object({
    id: z.number().int(),
    members_id: z.number().int(),
    products_id: z.number().int(),
    qty: z.number().int(),
    product_detail: z.object({
      id: z.number().int(),
      title: z.string(),
      description: z.string(),
      banner: z.string().nullable(),
    }),
  })
  .meta({ id: 'ShoppingCartLine' });
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartAddBody = z.object({
  members_id: idSchema.optional().describe('The signed-in member; any other id is refused'),
  products_id: idSchema,
  qty: cartQty.optional().default(1),
});
export const cartUpdateBody = z.object({ qty: cartQty });
export const cartMemberParams = z.object({ memberId: idSchema });
export const cartLineParams = z.object({ id: idSchema });
export const cartLineResponse = productResponse(cartLineSchema);
export const cartListResponse = productResponse(z.array(cartLineSchema));

// The states and their labels live without zod: /member's orders section is in every page's JavaScript (decision 0086).
export * from './catalogue-order-vocabulary';

export const productInfoItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  qty: z.number().int(),
});
export type ProductInfoItem = z.infer<typeof productInfoItemSchema>;

export const orderSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    members_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    telephone: z.string(),
    company_name: z.string(),
    address: z.string(),
    message: z.string(),
    product_info: z.array(productInfoItemSchema),
    status: z.enum(orderStatuses),
    last_number_of_transfer: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const formText = (label: string, max: number) =>
  z
    .string({ error: `請輸入${label}` })
    .trim()
    .min(1, { error: `請輸入${label}` })
    .max(max, { error: `${label}不可超過 ${max} 個字` })
    .refine((value) => !controlCharacters.test(value), { error: `${label}含有不允許的控制字元` });

/** The inquiry form: name, e-mail, telephone, company, message required; address optional; robot check. */
export const inquiryFields = z.object({
  name: formText('姓名', 50),
  email: z
    .string({ error: '請輸入電子郵件' })
    .trim()
    .min(1, { error: '請輸入電子郵件' })
    .max(254, { error: '電子郵件過長' })
    .pipe(z.email({ error: '電子郵件格式不正確' })),
  telephone: formText('電話', 20).pipe(
    z.string().regex(/^[0-9+()#\-\s]{6,20}$/, { error: '電話只能包含數字、空白及 + - ( ) #，6 到 20 個字' }),
  ),
  company_name: formText('公司或單位名稱', 100),
  address: z
    .string()
    .trim()
    .max(200, { error: '地址不可超過 200 個字' })
    .refine((value) => !controlCharacters.test(value), { error: '地址含有不允許的控制字元' })
    .optional()
    .default(''),
  message: formText('訊息', 1000),
});
export type InquiryFields = z.infer<typeof inquiryFields>;

/** POST orders: the inquiry; product_info is taken from the member's own cart, never from the body (decision 0206). */
export const orderCreateBody = inquiryFields.extend({
  members_id: idSchema.optional().describe('The signed-in member; any other id is refused'),
  token: z
    .string({ error: storefrontMessages.robotCheck })
    .min(1, { error: storefrontMessages.robotCheck })
    .max(8192)
    .describe("The solved ALTCHA payload (the spec's captcha token)"),
  product_info: z.unknown().optional().describe('Ignored: the order lists the cart as the server holds it'),
});

export const orderParams = z.object({ id: idSchema });
export const orderMemberParams = z.object({ id: idSchema });
export const orderNumberParams = z.object({
  id: idSchema,
  number: z
    .string()
    .trim()
    .regex(/^Q\d{8}-\d{4,}$/, { error: '詢價單編號格式不正確' }),
});
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式須為 yyyy-MM-dd' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`)), { error: '日期不正確' });
/** orders-by-members-id/{id}/start/{start}/end/{end}: calendar days in Taiwan time, both inclusive (decision 0207). */
export const orderRangeParams = z
  .object({ id: idSchema, start: day, end: day })
  .refine((params) => params.start <= params.end, { error: '開始日期不可晚於結束日期', path: ['end'] });
export const orderPhoneParams = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+()#\-\s]{6,20}$/, { error: '電話格式不正確' }),
});
export const transferDigitsBody = z.object({
  id: idSchema.optional(),
  members_id: idSchema.optional(),
  last_number_of_transfer: z
    .string({ error: '請輸入匯款帳號末五碼' })
    .trim()
    .regex(/^\d{5}$/, { error: '請輸入匯款帳號末五碼（5 位數字）' }),
});
export const orderResponse = productResponse(orderSchema);
export const orderListResponse = productResponse(z.array(orderSchema));

/** The inquiry page's form: the fields and the robot check's answer (the widget's field `altcha`). */
export const inquiryForm = inquiryFields.extend({
  altcha: z.string({ error: storefrontMessages.robotCheck }).min(1, { error: storefrontMessages.robotCheck }).max(8192),
});
