import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { cartQty, idSchema, inquiryForm, storefrontMessages } from '@pest/contracts';
import { useEffect } from 'react';
import type { z } from 'zod';
import { Form, Link, useNavigation } from 'react-router';
import { loadMemberPrefill, loginRedirect } from '../accounts';
import { AltchaField } from '../ui/altcha-field';
import { PrivacyNotice } from '../ui/privacy-notice';
import { SentConfirmation } from '../ui/sent-confirmation';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import type { Route } from './+types/inquiry-route';
import { refreshCartCount } from './cart-count-store';
import { priceText } from './price-text';
import './catalogue.css';

/** The guard: a visitor signs in first and comes back here. */
async function member(request: Request, context: Route.LoaderArgs['context']) {
  const viewer = await context.getViewer();
  if (!viewer) throw loginRedirect(request, context.config.basePath);
  return viewer;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await member(request, context);
  const [lines, prefill] = await Promise.all([
    context.services.catalogue.listCartLines(viewer.memberId),
    loadMemberPrefill(context),
  ]);
  return { lines, prefill };
}

/** The cart table's changes and the inquiry itself, each a form post of this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await member(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  const { catalogue, accounts } = context.services;
  if (intent === 'qty' || intent === 'delete') {
    const line = idSchema.safeParse(form.get('line'));
    if (!line.success) return { kind: 'cart' as const, message: '找不到這筆項目' };
    try {
      if (intent === 'qty') await catalogue.updateCartLine(viewer.memberId, line.data, cartQty.parse(form.get('qty')));
      else await catalogue.deleteCartLine(viewer.memberId, line.data);
    } catch {
      return { kind: 'cart' as const, message: storefrontMessages.cartLineNotFound };
    }
    return { kind: 'cart' as const, message: intent === 'qty' ? '已更新數量。' : '已移除。' };
  }
  if (intent === 'clear') {
    await catalogue.clearCart(viewer.memberId);
    return { kind: 'cart' as const, message: '已清空詢價清單。' };
  }
  const submission = parseWithZod(form, { schema: inquiryForm });
  if (submission.status !== 'success') return { kind: 'send' as const, result: submission.reply() };
  if (!(await accounts.spendAltcha(submission.value.altcha)))
    return {
      kind: 'send' as const,
      result: submission.reply({ fieldErrors: { altcha: [storefrontMessages.robotCheck] }, hideFields: ['altcha'] }),
    };
  const { altcha: _altcha, ...fields } = submission.value;
  try {
    const order = await catalogue.submitInquiry(viewer, fields);
    return { kind: 'sent' as const, orderNumber: order.order_number, result: submission.reply({ resetForm: true }) };
  } catch (error) {
    // An empty cart (a second tab sent it already) says so; anything else is the spec's failure alert.
    const known = error as { statusCode?: unknown; message?: unknown } | null;
    const message =
      typeof known?.statusCode === 'number' && known.statusCode < 500 && typeof known.message === 'string'
        ? known.message
        : storefrontMessages.formFailed;
    return { kind: 'send' as const, result: submission.reply({ formErrors: [message], hideFields: ['altcha'] }) };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData, { title: 'INQUIRY' });

function Field({
  field,
  label,
  type = 'text',
  autoComplete,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete?: string;
}) {
  const props =
    type === 'textarea' ? getTextareaProps(field) : getInputProps(field, { type: type === 'tel' ? 'tel' : type });
  return (
    <div className="catalogue-form__field">
      <label htmlFor={field.id}>
        {label}
        {field.required ? <span className="catalogue-form__required">（必填）</span> : null}
      </label>
      {type === 'textarea' ? (
        <textarea {...(props as ReturnType<typeof getTextareaProps>)} key={props.key} rows={5} />
      ) : (
        <input {...(props as ReturnType<typeof getInputProps>)} key={props.key} autoComplete={autoComplete} />
      )}
      {field.errors?.length ? (
        <p id={field.errorId} className="catalogue-form__error">
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export default function InquiryRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, prefill } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const sendResult = actionData && actionData.kind !== 'cart' ? actionData.result : null;
  const [form, fields] = useForm<z.input<typeof inquiryForm>>({
    id: 'inquiry',
    lastResult: navigation.state === 'idle' ? sendResult : null,
    constraint: getZodConstraint(inquiryForm),
    // What the site knows of the member is filled in; the rest they type (decision 0365).
    defaultValue: prefill ?? undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquiryForm }),
  });
  useEffect(() => {
    // after a change of the cart (and after the inquiry emptied it) the cart is fetched again.
    if (actionData) void refreshCartCount();
  }, [actionData]);
  const sent = actionData?.kind === 'sent' ? actionData.orderNumber : null;
  return (
    <>
      <Breadcrumb items={[{ title: 'INQUIRY' }]} />
      <div className="container catalogue-page">
        <h1 className="catalogue-page__title">
          <span lang="en">INQUIRY</span> 詢價
        </h1>
        <section aria-labelledby="cart-heading">
          <h2 id="cart-heading">詢價清單</h2>
          {actionData?.kind === 'cart' ? (
            <p role="status" className="catalogue-add__status">
              {actionData.message}
            </p>
          ) : null}
          {lines.length === 0 ? (
            <p className="catalogue-empty">
              {storefrontMessages.emptyCart} <Link to="/products">瀏覽商品</Link>
            </p>
          ) : (
            <div className="catalogue-table-wrap">
              <table className="catalogue-table">
                <caption className="visually-hidden">詢價清單的商品與數量</caption>
                <thead>
                  <tr>
                    <th scope="col">商品</th>
                    <th scope="col">數量</th>
                    <th scope="col">移除</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.id}>
                      <th scope="row">
                        <Link to={`/products/content/${line.products_id}`}>{line.product_detail.title}</Link>
                      </th>
                      <td>
                        <Form method="post" className="catalogue-qty">
                          <input type="hidden" name="intent" value="qty" />
                          <input type="hidden" name="line" value={line.id} />
                          <label htmlFor={`qty-${line.id}`} className="visually-hidden">
                            {line.product_detail.title}的數量
                          </label>
                          <input
                            id={`qty-${line.id}`}
                            name="qty"
                            type="number"
                            min={1}
                            max={9999}
                            defaultValue={line.qty}
                            key={line.qty}
                          />
                          <button type="submit" className="button" disabled={busy}>
                            更新
                          </button>
                        </Form>
                      </td>
                      <td>
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="line" value={line.id} />
                          <button type="submit" className="button" disabled={busy}>
                            移除<span className="visually-hidden">{line.product_detail.title}</span>
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Form method="post">
                <input type="hidden" name="intent" value="clear" />
                <button type="submit" className="button" disabled={busy}>
                  清空詢價清單
                </button>
              </Form>
            </div>
          )}
        </section>
        {sent ? (
          // The sent inquiry's confirmation stands where the form was and takes the focus.
          <SentConfirmation
            actions={
              <>
                <Link className="button button--primary" to="/member">
                  查看處理進度
                </Link>
                <Link className="button" to="/products">
                  繼續瀏覽商品
                </Link>
              </>
            }
          >
            <p>{storefrontMessages.formSent}</p>
            <p>
              詢價單編號：<strong>{sent}</strong>。您可以在會員專區查看處理進度。
            </p>
          </SentConfirmation>
        ) : (
          <section aria-labelledby="inquiry-form-heading">
            <h2 id="inquiry-form-heading">聯絡資料</h2>
            <p className="catalogue-note">送出後，承辦人員會以電子郵件與您聯繫報價（{priceText(null)}的品項亦同）。</p>
            <Form method="post" {...getFormProps(form)} className="catalogue-form">
              <input type="hidden" name="intent" value="send" />
              <div id={form.errorId} role="alert" className="catalogue-form__alert" hidden={!form.errors?.length}>
                {form.errors?.[0] ?? null}
              </div>
              <Field field={fields.name} label="姓名" autoComplete="name" />
              <Field field={fields.email} label="電子郵件" type="email" autoComplete="email" />
              <Field field={fields.telephone} label="電話" type="tel" autoComplete="tel" />
              <Field field={fields.company_name} label="公司或單位名稱" autoComplete="organization" />
              <Field field={fields.address} label="地址" autoComplete="street-address" />
              <Field field={fields.message} label="訊息" type="textarea" />
              <PrivacyNotice purpose="聯絡資料只用於回覆詢價與處理訂單，由處理訂單的管理員閱讀。" />
              <AltchaField errors={fields.altcha.errors} errorId={fields.altcha.errorId} />
              <button type="submit" className="button button--primary" disabled={busy || lines.length === 0}>
                {busy ? '送出中…' : '送出詢價'}
              </button>
              {lines.length === 0 ? <p className="catalogue-note">{storefrontMessages.emptyCart}</p> : null}
            </Form>
          </section>
        )}
      </div>
    </>
  );
}
