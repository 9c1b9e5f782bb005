import type { Carousel } from '@pest/contracts';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { publicFileUrl } from '../kernel/file-url';

/** Slider numbers of spec §9. */
export const sliderDefaults = { speed: 300, longSwipesMs: 300 } as const;

function variantName(pic: string, suffix: string): string {
  const dot = pic.lastIndexOf('.');
  return dot === -1 ? `${pic}${suffix}` : `${pic.slice(0, dot)}${suffix}${pic.slice(dot)}`;
}

/** Home banner slider (Swiper): image, title and subtitle per active carousel row. */
export function BannerSlider({ slides }: { slides: Carousel[] }) {
  if (slides.length === 0) return null;
  return (
    <section className="banner-slider" aria-roledescription="carousel" aria-label="焦點橫幅">
      <Swiper
        modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
        speed={sliderDefaults.speed}
        longSwipesMs={sliderDefaults.longSwipesMs}
        loop={slides.length > 1}
        autoplay={slides.length > 1 ? { delay: 6000, pauseOnMouseEnter: true, disableOnInteraction: true } : false}
        keyboard={{ enabled: true, onlyInViewport: true }}
        navigation
        pagination={{ clickable: true }}
        a11y={{
          prevSlideMessage: '上一張',
          nextSlideMessage: '下一張',
          paginationBulletMessage: '前往第 {{index}} 張',
          slideLabelMessage: '第 {{index}} 張，共 {{slidesLength}} 張',
        }}
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={slide.id}>
            <div className="banner-slide">
              <img
                className="banner-slide__image"
                src={publicFileUrl(slide.pic)}
                srcSet={`${publicFileUrl(variantName(slide.pic, '_mod'))} 800w, ${publicFileUrl(slide.pic)} ${slide.pic_width}w`}
                sizes="100vw"
                width={slide.pic_width}
                height={slide.pic_height}
                alt=""
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              <div className="banner-slide__text">
                <p className="banner-slide__title">{slide.title}</p>
                {slide.subtitle ? <p className="banner-slide__subtitle">{slide.subtitle}</p> : null}
              </div>
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
