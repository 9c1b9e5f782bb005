import type { Carousel } from '@pest/contracts';
import { useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { BannerSlide, sliderDefaults } from './banner-slide';

/**
 * The interactive slider (Swiper), loaded by banner-slider.tsx only when it is needed. Autoplay
 * runs unless `stopped`; it pauses while the pointer is over the banner or the focus is in it, and
 * a swipe or an arrow stops it for good (`onStop`, so the pause button says so).
 */
export function BannerSwiper({
  slides,
  stopped,
  onStop,
}: {
  slides: Carousel[];
  stopped: boolean;
  onStop: () => void;
}) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const several = slides.length > 1;

  useEffect(() => {
    if (!swiper || !several || swiper.destroyed) return;
    if (stopped) swiper.autoplay.stop();
    else if (!swiper.autoplay.running) swiper.autoplay.start();
  }, [swiper, stopped, several]);

  useEffect(() => {
    if (!swiper || !several) return;
    const element = swiper.el;
    const pause = () => {
      if (swiper.autoplay.running) swiper.autoplay.pause();
    };
    const resume = (event: FocusEvent) => {
      if (element.contains(event.relatedTarget as Node | null)) return;
      if (swiper.autoplay.running && swiper.autoplay.paused) swiper.autoplay.resume();
    };
    element.addEventListener('focusin', pause);
    element.addEventListener('focusout', resume);
    return () => {
      element.removeEventListener('focusin', pause);
      element.removeEventListener('focusout', resume);
    };
  }, [swiper, several]);

  return (
    <Swiper
      modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
      onSwiper={setSwiper}
      onAutoplayStop={onStop}
      speed={sliderDefaults.speed}
      longSwipesMs={sliderDefaults.longSwipesMs}
      loop={several}
      // Started always (so `start()` works later) and stopped at once by the effect when `stopped`.
      autoplay={
        several ? { delay: sliderDefaults.autoplayDelayMs, pauseOnMouseEnter: true, disableOnInteraction: true } : false
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
