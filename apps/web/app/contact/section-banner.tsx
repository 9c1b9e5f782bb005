import type { Carousel, SiteSection } from '@pest/contracts';
import { publicFileUrl } from '../kernel/file-url';
import { Banner } from '../ui/banner';
import './section-banner.css';

/**
 * The site's numbered sections (spec §1: Download=5, ContactUs=6): a carousel's `position` names the
 * section it heads (`siteSections` in the contracts).
 */
export const sections = { download: 'download', contactUs: 'contact' } as const satisfies Record<string, SiteSection>;

/**
 * A section page's banner (spec §2 "Banner area"): the first active carousel of the section's
 * position, with the page title as its heading; without one the heading stands alone.
 */
export function SectionBanner({
  banner,
  title,
  englishTitle,
}: {
  banner: Carousel | null;
  title: string;
  /** The spec's route title (CONTACT US, DOWNLOAD), shown small beside the Chinese heading. */
  englishTitle: string;
}) {
  if (!banner) {
    return (
      <div className="container section-heading">
        <h1 className="section-heading__title">
          {title} <span lang="en">{englishTitle}</span>
        </h1>
      </div>
    );
  }
  return (
    <>
      <Banner
        image={{ src: publicFileUrl(banner.pic), width: banner.pic_width, height: banner.pic_height }}
        title={banner.title}
        subtitle={banner.subtitle}
      />
      <div className="container section-heading">
        <h1 className="section-heading__title">
          {title} <span lang="en">{englishTitle}</span>
        </h1>
      </div>
    </>
  );
}
