import { recordId, trustedHtml } from '@pest/contracts';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import { formatDateTime } from '../ui/format-date-time';
import { NoData } from '../ui/no-data';
import { badRequest } from '../ui/not-found';
import { RichText } from '../ui/rich-text';
import { SideMenu, WithSideMenu } from '../ui/side-menu';
import type { Route } from './+types/courses-route';
import { DemoBadge, DemoNotice } from './demo-notice';
import { priceText } from './price-text';
import { SectionBanner } from '../ui/section-banner';
import './catalogue.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('type');
  const typeId = raw === null || raw === '' ? null : recordId.safeParse(raw);
  if (typeId && !typeId.success) throw badRequest();
  const { catalogue, site } = context.services;
  const [types, courses, banner] = await Promise.all([
    catalogue.listShown('courseTypes'),
    catalogue.listShown('courses'),
    site.listCarousels('products').catch(() => []),
  ]);
  const selected = typeId?.success ? (types.find((type) => type.id === typeId.data) ?? null) : null;
  // Courses by type: each type with its courses, or the one chosen.
  const groups = (selected ? [selected] : types)
    .map((type) => ({ type, courses: courses.filter((course) => course.course_type_id === type.id) }))
    .filter((group) => selected || group.courses.length > 0);
  return { types, selected, groups, banner };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches[0].loaderData, {
    title: data?.selected ? `${data.selected.name}｜課程` : '課程',
    description: '病蟲害綜合管理研習班與講座：時間、地點與費用。',
    path: '/courses/content',
  });

export default function CoursesRoute({ loaderData }: Route.ComponentProps) {
  const { types, selected, groups, banner } = loaderData;
  return (
    <>
      <SectionBanner slides={banner} />
      <Breadcrumb
        items={[
          { title: 'PRODUCTS', link: '/products' },
          { title: '課程', link: '/courses/content' },
        ]}
      />
      <div className="container catalogue-page">
        <h1 className="catalogue-page__title">課程</h1>
        <DemoNotice what="本頁的課程" />
        <WithSideMenu
          menu={
            <SideMenu
              label="課程類別"
              heading="課程類別"
              items={[
                { key: 'all', label: '全部課程', href: '/courses/content', current: selected === null },
                ...types.map((type) => ({
                  key: String(type.id),
                  label: type.name,
                  href: `/courses/content?type=${type.id}`,
                  current: selected?.id === type.id,
                })),
              ]}
            />
          }
        >
          {groups.every((group) => group.courses.length === 0) ? (
            <NoData message={trustedHtml`目前沒有開放的課程`} />
          ) : (
            groups.map(({ type, courses }) => (
              <section key={type.id} aria-labelledby={`course-type-${type.id}`} className="catalogue-section">
                <h2 id={`course-type-${type.id}`}>{type.name}</h2>
                <ul className="catalogue-courses">
                  {courses.map((course) => (
                    <li key={course.id} className="catalogue-course">
                      <h3>
                        {course.title} {course.demo ? <DemoBadge /> : null}
                      </h3>
                      <dl className="catalogue-course__facts">
                        <dt>時間</dt>
                        <dd>
                          {course.starts_at ? formatDateTime(course.starts_at) : '另行公告'}
                          {course.ends_at ? ` 至 ${formatDateTime(course.ends_at)}` : ''}
                        </dd>
                        <dt>地點</dt>
                        <dd>{course.place || '另行公告'}</dd>
                        <dt>費用</dt>
                        <dd>{priceText(course.fee)}</dd>
                      </dl>
                      <p>{course.summary}</p>
                      {course.content ? <RichText html={course.content} /> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </WithSideMenu>
      </div>
    </>
  );
}
