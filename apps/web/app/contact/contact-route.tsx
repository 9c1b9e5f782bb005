import { loadMemberPrefill } from '../accounts';
import { pageMeta } from '../kernel/page-meta';
import type { Route } from './+types/contact-route';
import { ContactForm } from './contact-form';
import { mapFrameAddress } from './map-address';
import { SectionBanner } from '../ui/section-banner';
import './contact.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { site } = context.services;
  const [settings, banners, member] = await Promise.all([
    site.getSystemSettings(),
    // A banner that fails to load leaves the heading alone, never an error page (decision 0217).
    site.listCarousels('contact').catch((error: unknown) => {
      console.error('contact banner failed to load', error);
      return [];
    }),
    loadMemberPrefill(context),
  ]);
  return { map: mapFrameAddress(settings.service_gmap), banners, member };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: 'CONTACT US',
    shareTitle: '聯絡我們',
    description: '對網站內容、研究成果、出版品或課程有任何問題，歡迎填寫表單與我們聯繫。',
    path: '/contact',
  });

/** CONTACT US: the section banner, the form and the map. */
export default function ContactRoute({ loaderData }: Route.ComponentProps) {
  const { map, banners, member } = loaderData;
  return (
    <div className="contact-page">
      <SectionBanner slides={banners} heading={{ title: '聯絡我們', englishTitle: 'CONTACT US' }} />
      <div className={`container contact-page__body${map ? ' contact-page__body--with-map' : ''}`}>
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="contact-page__subtitle">
            填寫聯絡表單
          </h2>
          <p className="contact-page__intro">
            欄位標示「必填」者請務必填寫，留言最多 200 字。我們收到後會以電子郵件或電話回覆您。
          </p>
          <ContactForm member={member} />
        </section>
        {map ? (
          <section aria-labelledby="contact-map-heading" className="contact-page__map">
            <h2 id="contact-map-heading" className="contact-page__subtitle">
              交通位置
            </h2>
            <iframe
              src={map}
              title="本所位置地圖"
              loading="lazy"
              referrerPolicy="no-referrer"
              className="contact-page__map-frame"
              width="600"
              height="450"
            />
          </section>
        ) : null}
      </div>
    </div>
  );
}
