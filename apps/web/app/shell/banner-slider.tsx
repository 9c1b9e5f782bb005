import type { Carousel } from '@pest/contracts';
import { useEffect, useState } from 'react';
import { BannerSlide, sliderDefaults } from './banner-slide';
import type { BannerSwiper } from './banner-swiper';

/**
 * Home banner slider. The page is rendered and first painted with the first banner alone, as
 * plain markup; Swiper (about 30 kB compressed, decision 0080) is fetched only when it is needed:
 * when the visitor points at, touches or focuses the banner, or once the first banner has been
 * shown for the autoplay delay. It then takes over showing the same first slide, so nothing moves.
 * A single banner never needs it.
 *
 * Autoplay (WCAG 2.2.2, decision 0183): it pauses while the pointer is over the banner or the
 * keyboard focus is in it, and a visible button stops and restarts it. The button appears once
 * the page runs scripts (nothing moves without them); it lies over the picture, so nothing shifts.
 */
export function BannerSlider({ slides }: { slides: Carousel[] }) {
  const [Slider, setSlider] = useState<typeof BannerSwiper | null>(null);
  const [wanted, setWanted] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [stopped, setStopped] = useState(false);
  const several = slides.length > 1;

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!several || stopped) return;
    const timer = setTimeout(() => setWanted(true), sliderDefaults.autoplayDelayMs);
    return () => clearTimeout(timer);
  }, [several, stopped]);

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    void import('./banner-swiper').then((module) => {
      if (!cancelled) setSlider(() => module.BannerSwiper);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  const first = slides[0];
  if (!first) return null;
  const want = several ? () => setWanted(true) : undefined;
  return (
    <section
      className="banner-slider"
      aria-roledescription="carousel"
      aria-label="焦點橫幅"
      onPointerEnter={want}
      onTouchStart={want}
      onFocus={want}
    >
      {Slider ? (
        <Slider slides={slides} stopped={stopped} onStop={() => setStopped(true)} />
      ) : (
        <div role="group" aria-roledescription="slide" aria-label={`第 1 張，共 ${slides.length} 張`}>
          <BannerSlide slide={first} first />
        </div>
      )}
      {several && hydrated ? (
        <button
          type="button"
          className="banner-slider__autoplay"
          aria-pressed={stopped}
          onClick={() => setStopped((value) => !value)}
        >
          <span aria-hidden="true" className="banner-slider__autoplay-icon">
            {stopped ? '▶' : '❚❚'}
          </span>
          <span className="visually-hidden">暫停自動輪播</span>
        </button>
      ) : null}
    </section>
  );
}
