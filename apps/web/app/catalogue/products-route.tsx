import { recordId, trustedHtml } from '@pest/contracts';
import { Link } from 'react-router';
import { publicFileUrl } from '../kernel/file-url';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { formatDateTime } from '../ui/format-date-time';
import { NoData } from '../ui/no-data';
import { badRequest } from '../ui/not-found';
import { SideMenu, WithSideMenu } from '../ui/side-menu';
import type { Route } from './+types/products-route';
import { DemoBadge, DemoNotice } from './demo-notice';
import { priceText } from './price-text';
import { SectionBanner } from '../ui/section-banner';
import './catalogue.css';

/** The day of a moment in Taiwan time (yyyy/MM/dd). */
const dayOf = (value: string) => formatDateTime(value).slice(0, 10);

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('type');
  const typeId = raw === null || raw === '' ? null : recordId.safeParse(raw);
  if (typeId && !typeId.success) throw badRequest();
  const { catalogue, site } = context.services;
  const [types, products, bundles, banner] = await Promise.all([
    catalogue.listShown('productTypes'),
    catalogue.listShown('products'),
    catalogue.listShownBundles(),
    site.listCarousels('products').catch(() => []),
  ]);
  const selected = typeId?.success ? (types.find((type) => type.id === typeId.data) ?? null) : null;
  const shown = selected ? products.filter((product) => product.product_type_ids.includes(selected.id)) : products;
  const names = new Map(products.map((product) => [product.id, product.title]));
  return {
    types: types.filter((type) => type.parent_id === null),
    selected,
    products: shown,
    bundles: bundles.map((bundle) => ({
      ...bundle,
      product_names: bundle.product_ids.map((id) => names.get(id) ?? ''),
    })),
    banner,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.selected ? `${data.selected.name}｜PRODUCTS` : 'PRODUCTS',
    description: '研究成果轉化的出版品、課程、性費洛蒙誘引劑與生物防治資材，會員可加入詢價清單後送出詢價。',
    path: '/products',
  });

export default function ProductsRoute({ loaderData }: Route.ComponentProps) {
  const { types, selected, products, bundles, banner } = loaderData;
  return (
    <>
      <SectionBanner slides={banner} />
      <Breadcrumb items={[{ title: 'PRODUCTS', link: '/products' }, ...(selected ? [{ title: selected.name }] : [])]} />
      <div className="container catalogue-page">
        <h1 className="catalogue-page__title">
          <span lang="en">PRODUCTS</span> 商品與服務
        </h1>
        <DemoNotice what="本頁的商品、課程與活動" />
        <WithSideMenu
          menu={
            <SideMenu
              label="商品類別"
              heading="商品類別"
              items={[
                { key: 'all', label: '全部商品', href: '/products', current: selected === null },
                ...types.map((type) => ({
                  key: String(type.id),
                  label: type.name,
                  href: `/products?type=${type.id}`,
                  current: selected?.id === type.id,
                })),
                { key: 'courses', label: '課程', href: '/courses/content', current: false },
              ]}
            />
          }
        >
          {bundles.length > 0 ? (
            <section className="catalogue-bundles" aria-labelledby="bundles-heading">
              <h2 id="bundles-heading">
                優惠活動 <span lang="en">In activity</span>
              </h2>
              <ul className="catalogue-bundles__list">
                {bundles.map((bundle) => (
                  <li key={bundle.id} className="catalogue-bundle">
                    <h3 className="catalogue-bundle__title">
                      {bundle.title} {bundle.demo ? <DemoBadge /> : null}
                    </h3>
                    <p className="catalogue-bundle__period">
                      {bundle.starts_at ? `${dayOf(bundle.starts_at)} 起` : ''}
                      {bundle.ends_at ? `至 ${dayOf(bundle.ends_at)}` : ''}
                      ・活動價 {priceText(bundle.price)}
                    </p>
                    {bundle.product_names.some(Boolean) ? (
                      <p className="catalogue-bundle__items">
                        活動商品：{bundle.product_names.filter(Boolean).join('、')}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <h2 className="catalogue-page__subtitle">{selected ? selected.name : '全部商品'}</h2>
          {products.length === 0 ? (
            <NoData message={trustedHtml`這個類別目前沒有商品`} />
          ) : (
            <ul className="catalogue-grid">
              {products.map((product) => (
                <li key={product.id} className="catalogue-card">
                  {product.pics[0] ? (
                    <img
                      className="catalogue-card__image"
                      src={publicFileUrl(product.pics[0])}
                      width={800}
                      height={600}
                      alt=""
                      loading="lazy"
                    />
                  ) : null}
                  <div className="catalogue-card__body">
                    <h3 className="catalogue-card__title">
                      <Link to={`/products/content/${product.id}`}>{product.title}</Link>
                    </h3>
                    {product.demo ? <DemoBadge /> : null}
                    <p className="catalogue-card__summary">{product.summary}</p>
                    <p className="catalogue-card__price">{priceText(product.price, product.unit)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </WithSideMenu>
      </div>
    </>
  );
}
