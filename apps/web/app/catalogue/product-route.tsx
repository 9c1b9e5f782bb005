import { cartQty, recordId, storefrontMessages } from '@pest/contracts';
import { useEffect } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { publicFileUrl } from '../kernel/file-url';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { DetailErrorPage } from '../ui/detail-error-page';
import { RichText } from '../ui/rich-text';
import { badRequest, isNotFoundError, notFound } from '../ui/not-found';
import type { Route } from './+types/product-route';
import { refreshCartCount } from './cart-count-store';
import { cartIntentCookie, clearedCartIntentCookie, newCartIntent, readCartIntent } from './cart-intent';
import { DemoBadge, DemoNotice } from './demo-notice';
import { priceText } from './price-text';
import './catalogue.css';

const missingMessage = 'Content not found. Please try again.（找不到這項商品，或商品已下架）';

function productId(params: { id?: string }): number {
  const id = recordId.safeParse(params.id);
  if (!id.success) throw badRequest();
  return id.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = productId(params);
  const viewer = await context.getViewer();
  const query = new URL(request.url).searchParams;
  const { catalogue } = context.services;
  try {
    const product = await catalogue.getCollectionItem('products', id);
    const types = await catalogue.listShown('productTypes');
    // Back from signing in with a visitor's add (decision 0366): added once, then the address loses it.
    const nonce = query.get('add');
    if (viewer && nonce) {
      const intent = readCartIntent(request, id, nonce);
      if (intent) await catalogue.addCartLine(viewer.memberId, id, intent.qty);
      throw redirect(`/products/content/${id}${intent ? '?added=1' : ''}`, {
        headers: { 'Set-Cookie': clearedCartIntentCookie(context) },
      });
    }
    const inCart =
      viewer && query.get('added') === '1'
        ? ((await catalogue.listCartLines(viewer.memberId)).find((line) => line.products_id === id)?.qty ?? null)
        : null;
    return {
      product,
      types: types.filter((type) => product.product_type_ids.includes(type.id)),
      signedIn: viewer !== null,
      inCart,
    };
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(missingMessage);
    throw error;
  }
}

/**
 * Adding to the cart: a signed-in member's own cart. A visitor's add is kept in a cookie
 * while they sign in, and made when they come back (decision 0366).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = productId(params);
  const viewer = await context.getViewer();
  const form = await request.formData();
  const parsed = cartQty.safeParse(form.get('qty'));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '數量有誤' };
  const qty = parsed.data;
  if (!viewer) {
    try {
      await context.services.catalogue.getCollectionItem('products', id);
    } catch (error) {
      if (isNotFoundError(error)) return { error: storefrontMessages.productNotFound };
      throw error;
    }
    const intent = newCartIntent(id, qty);
    const back = `/products/content/${id}?add=${intent.nonce}`;
    throw redirect(`/login?redirect=${encodeURIComponent(back)}`, {
      headers: { 'Set-Cookie': cartIntentCookie(context, intent) },
    });
  }
  try {
    const line = await context.services.catalogue.addCartLine(viewer.memberId, id, qty);
    return { added: qty, total: line.qty };
  } catch (error) {
    if (isNotFoundError(error)) return { error: storefrontMessages.productNotFound };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.product.title ?? '找不到商品',
    description: data?.product.summary ?? '',
    path: data ? `/products/content/${data.product.id}` : '/products',
  });

export default function ProductRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { product, types, signedIn, inCart } = loaderData;
  const navigation = useNavigation();
  const adding = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  useEffect(() => {
    if (actionData && 'added' in actionData) void refreshCartCount();
  }, [actionData]);
  const [first, ...others] = product.pics;
  return (
    <>
      <Breadcrumb
        items={[
          { title: 'PRODUCTS', link: '/products' },
          ...types.slice(0, 1).map((type) => ({ title: type.name, link: `/products?type=${type.id}` })),
          { title: product.title },
        ]}
      />
      <div className="container catalogue-page">
        {product.demo ? <DemoNotice what="這項商品" /> : null}
        <div className="catalogue-product">
          <div className="catalogue-product__pictures">
            {first ? (
              <figure className="catalogue-product__figure">
                <img src={publicFileUrl(first)} width={800} height={600} alt={`${product.title}（示意圖）`} />
                <figcaption>示意圖</figcaption>
              </figure>
            ) : null}
            {others.length > 0 ? (
              <ul className="catalogue-product__thumbs">
                {others.map((pic) => (
                  <li key={pic}>
                    <img
                      src={publicFileUrl(pic)}
                      width={800}
                      height={600}
                      alt={`${product.title}的另一張示意圖`}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="catalogue-product__main">
            <h1 className="catalogue-page__title">
              {product.title} {product.demo ? <DemoBadge /> : null}
            </h1>
            <p>{product.summary}</p>
            <p className="catalogue-card__price">{priceText(product.price, product.unit)}</p>
            <Form method="post" className="catalogue-add" aria-describedby="add-status">
              <label htmlFor="qty">數量</label>
              <input id="qty" name="qty" type="number" inputMode="numeric" min={1} max={9999} defaultValue={1} />
              <button
                type="submit"
                className="button button--primary"
                disabled={adding}
                aria-describedby={signedIn ? undefined : 'add-needs-sign-in'}
              >
                加入詢價清單
              </button>
            </Form>
            {signedIn ? null : (
              <p id="add-needs-sign-in" className="catalogue-note">
                加入詢價清單需要先登入會員：按下後會先到登入頁，登入後就會加入並回到這裡。
              </p>
            )}
            <p id="add-status" role="status" className="catalogue-add__status">
              {actionData && 'added' in actionData ? (
                <>
                  已加入詢價清單（這項商品共 {actionData.total} {product.unit || '件'}）。
                  <Link to="/inquiry">前往詢價</Link>
                </>
              ) : actionData && 'error' in actionData ? (
                actionData.error
              ) : inCart !== null ? (
                <>
                  已登入並加入詢價清單（這項商品共 {inCart} {product.unit || '件'}）。
                  <Link to="/inquiry">前往詢價</Link>
                </>
              ) : null}
            </p>
          </div>
        </div>
        {product.description_titles.map((section) => (
          <section key={section.title} className="catalogue-section">
            <h2>{section.title}</h2>
            <p>{section.content}</p>
          </section>
        ))}
        {product.content ? <RichText html={product.content} className="catalogue-section" /> : null}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailErrorPage error={error} list={{ title: 'PRODUCTS', href: '/products' }} missingMessage={missingMessage} />
  );
}
