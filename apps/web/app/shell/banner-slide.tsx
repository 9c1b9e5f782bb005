import type { Carousel } from '@pest/contracts';
import { publicFileUrl } from '../kernel/file-url';

/** Slider timings of the home banner. */
export const sliderDefaults = { speed: 300, longSwipesMs: 300, autoplayDelayMs: 6000 } as const;

function variantName(pic: string, suffix: string): string {
  const dot = pic.lastIndexOf('.');
  return dot === -1 ? `${pic}${suffix}` : `${pic.slice(0, dot)}${suffix}${pic.slice(dot)}`;
}

/** One banner: image (an 800 px variant for phones), title and subtitle. */
export function BannerSlide({ slide, first }: { slide: Carousel; first: boolean }) {
  return (
    <div className="banner-slide">
      <img
        className="banner-slide__image"
        src={publicFileUrl(slide.pic)}
        srcSet={`${publicFileUrl(variantName(slide.pic, '_mod'))} 800w, ${publicFileUrl(slide.pic)} ${slide.pic_width}w`}
        sizes="100vw"
        width={slide.pic_width}
        height={slide.pic_height}
        alt=""
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        decoding={first ? 'auto' : 'async'}
      />
      <div className="banner-slide__text">
        <p className="banner-slide__title">{slide.title}</p>
        {slide.subtitle ? <p className="banner-slide__subtitle">{slide.subtitle}</p> : null}
      </div>
    </div>
  );
}
