import type { Carousel } from '@pest/contracts';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { BannerSlide, sliderDefaults } from './banner-slide';

/** The interactive slider (Swiper), loaded by banner-slider.tsx only when it is needed. */
export function BannerSwiper({ slides }: { slides: Carousel[] }) {
  return (
    <Swiper
      modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
      speed={sliderDefaults.speed}
      longSwipesMs={sliderDefaults.longSwipesMs}
      loop={slides.length > 1}
      autoplay={
        slides.length > 1
          ? { delay: sliderDefaults.autoplayDelayMs, pauseOnMouseEnter: true, disableOnInteraction: true }
          : false
      }
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
          <BannerSlide slide={slide} first={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
