import { Form } from 'react-router';
import { useMemberDefaultNewsTab } from '../accounts';
import { HomeConsultationSection, pickHomeConsultationCrops } from '../consultation';
import { HomeIpmSection, HomeNewsSection, homeNewsParam, loadHomeReadingRoom } from '../reading-room';
import { HomeRecordsSection, homeRecordListLength } from '../records';
import { ActiveAlerts } from '../alerts';
import type { Route } from './+types/home-route';
import { BannerSlider } from './banner-slider';
import { pageMeta } from '../kernel/page-meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [slides, hotRecords, newRecords, readingRoom, consultationCrops, alerts] = await Promise.all([
    context.services.site.listCarousels(),
    context.services.records.listHotRecords(homeRecordListLength),
    context.services.records.listNewRecords(homeRecordListLength),
    loadHomeReadingRoom(request, context),
    context.services.consultation.wizard.listCrops(),
    context.services.alerts.listActiveAlerts(),
  ]);
  return {
    slides,
    hotRecords,
    newRecords,
    readingRoom,
    consultationCrops: pickHomeConsultationCrops(consultationCrops),
    alerts,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const first = data?.slides[0];
  return pageMeta(matches[0].loaderData, {
    // The spec's route title; a share shows the site's own name.
    title: 'HOME',
    shareTitle: matches[0].loaderData?.settings.website_title,
    path: '/',
    ...(first ? { image: `files/public/${first.pic}` } : {}),
  });
};

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  useMemberDefaultNewsTab(homeNewsParam);
  return (
    <>
      <h1 className="visually-hidden">首頁</h1>
      <BannerSlider slides={loaderData.slides} />
      <ActiveAlerts alerts={loaderData.alerts} />
      <section className="home-search container" aria-labelledby="home-search-heading">
        <h2 id="home-search-heading" className="home-search__heading">
          病蟲害查詢
        </h2>
        <Form method="get" action="/search" role="search" className="search-box">
          <label htmlFor="home-search-term" className="visually-hidden">
            關鍵字
          </label>
          <input
            id="home-search-term"
            name="term"
            type="search"
            maxLength={100}
            placeholder="輸入害蟲、病害、益蟲或蟎類名稱，例如：炭疽病"
            className="search-box__input"
            enterKeyHint="search"
          />
          <button type="submit" className="button button--primary">
            搜尋
          </button>
        </Form>
      </section>
      <HomeRecordsSection hot={loaderData.hotRecords} latest={loaderData.newRecords} />
      <HomeNewsSection newsClass={loaderData.readingRoom.newsClass} news={loaderData.readingRoom.news} />
      <HomeIpmSection topics={loaderData.readingRoom.ipmTopics} />
      <HomeConsultationSection crops={loaderData.consultationCrops} />
    </>
  );
}
