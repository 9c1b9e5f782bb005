import type { Carousel } from '@pest/contracts';
import { publicFileUrl } from '../kernel/file-url';
import { Banner } from '../ui/banner';

/** A section page's banner (spec §1: the carousel position is the section); nothing when it has none. */
export function SectionBanner({ slides, heading }: { slides: readonly Carousel[]; heading?: boolean }) {
  const slide = slides[0];
  if (!slide) return null;
  return (
    <Banner
      image={{ src: publicFileUrl(slide.pic), width: slide.pic_width, height: slide.pic_height }}
      title={slide.title}
      subtitle={slide.subtitle}
      titleIsPageHeading={heading ?? false}
    />
  );
}
