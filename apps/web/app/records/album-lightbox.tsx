import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';

export interface LightboxSlide {
  src: string;
  alt: string;
  width: number;
  height: number;
  description?: string;
  srcSet?: Array<{ src: string; width: number; height: number }>;
}

/** Lightbox fade in milliseconds (pest-information.md §9 "Lightbox refresh delay 300 ms"). */
export const lightboxFadeMs = 300;

const labels = {
  Previous: '上一張',
  Next: '下一張',
  Close: '關閉',
  Lightbox: '照片檢視',
  Carousel: '照片輪播',
  Slide: '照片',
  'Photo gallery': '照片集',
  '{index} of {total}': '第 {index} 張，共 {total} 張',
};

/**
 * The photo lightbox (yet-another-react-lightbox). This module is loaded only when a visitor
 * opens a photo, so the library and its styles never weigh on the first paint of a record page.
 */
export default function AlbumLightbox({
  slides,
  index,
  onClose,
}: {
  slides: LightboxSlide[];
  index: number;
  onClose: () => void;
}) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      labels={labels}
      plugins={[Captions, Counter]}
      animation={{ fade: lightboxFadeMs }}
      carousel={{ finite: slides.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
      render={slides.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : {}}
    />
  );
}
