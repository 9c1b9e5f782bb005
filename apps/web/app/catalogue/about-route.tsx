import { aboutCategorySlug, trustedHtml } from '@pest/contracts';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { NoData } from '../ui/no-data';
import { RichText } from '../ui/rich-text';
import type { Route } from './+types/about-route';
import { SectionBanner } from '../ui/section-banner';
import './catalogue.css';

/**
 * ABOUT US ("loaded on demand": its module is its own chunk, fetched when the page is
 * visited): the articles of the article category `about`, in index order (decision 0204).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, site } = context.services;
  const [categories, banner] = await Promise.all([
    catalogue.listShown('articleCategories'),
    site.listCarousels('about').catch(() => []),
  ]);
  const about = categories.find((category) => category.slug === aboutCategorySlug);
  const articles = about
    ? await catalogue.listShown('articles', { column: 'article_category_id', value: about.id })
    : [];
  return { articles, banner };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: 'ABOUT US',
    description: '關於本網站與研究單位，以及出版品、課程與防治資材的供應方式。',
    path: '/about',
  });

export default function AboutRoute({ loaderData }: Route.ComponentProps) {
  const { articles, banner } = loaderData;
  return (
    <>
      <SectionBanner slides={banner} />
      <Breadcrumb items={[{ title: 'ABOUT US' }]} />
      <div className="container catalogue-page">
        <h1 className="catalogue-page__title">
          <span lang="en">ABOUT US</span> 關於我們
        </h1>
        {articles.length === 0 ? (
          <NoData message={trustedHtml`目前沒有內容`} />
        ) : (
          articles.map((article) => (
            <article key={article.id} className="catalogue-section" aria-labelledby={`article-${article.id}`}>
              <h2 id={`article-${article.id}`}>{article.title}</h2>
              <RichText html={article.content} />
            </article>
          ))
        )}
      </div>
    </>
  );
}
