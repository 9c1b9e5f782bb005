import type { Carousel } from '@pest/contracts';
import { publicFileUrl } from '../kernel/file-url';
import { Banner } from './banner';
import './section-banner.css';

/**
 * A section page's banner:
 * the first active slide of the section, nothing without one. With `heading`, the page's Chinese
 * heading follows it, with the spec's route title (CONTACT US, DOWNLOAD) beside it.
 */
export function SectionBanner({
  slides,
  heading,
}: {
  slides: readonly Carousel[];
  heading?: { title: string; englishTitle: string };
}) {
  const slide = slides[0];
  return (
    <>
      {slide ? (
        <Banner
          image={{ src: publicFileUrl(slide.pic), width: slide.pic_width, height: slide.pic_height }}
          title={slide.title}
          subtitle={slide.subtitle}
        />
      ) : null}
      {heading ? (
        <div className="container section-heading">
          <h1 className="section-heading__title">
            {heading.title} <span lang="en">{heading.englishTitle}</span>
          </h1>
        </div>
      ) : null}
    </>
  );
}
