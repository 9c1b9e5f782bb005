import type { PictureClass, RecordPicture } from '@pest/contracts';
import { useEffect, useRef, useState } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import { appUrl } from '../kernel/file-url';
import { pushModalEntry, removeModalEntry } from '../ui/modal-history';
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

/** Lightbox fade in milliseconds. */
export const lightboxFadeMs = 300;

/**
 * "Photos open in a lightbox, which refreshes 300 ms after content loads":
 * 300 ms after it opens the lightbox re-reads the album, and again every 15 s while it stays open,
 * so pictures that arrived after the page was loaded join it (decision 0188).
 */
export const lightboxRefreshMs = 300;
export const lightboxRereadMs = 15_000;

/** The album the lightbox shows: whose pictures, which classes, and how a picture becomes a slide. */
export interface LightboxAlbum {
  recordId: number;
  classes: readonly PictureClass[];
  toSlides: (pictures: RecordPicture[]) => LightboxSlide[];
}

async function readAlbum(album: LightboxAlbum, signal: AbortSignal): Promise<LightboxSlide[] | null> {
  const response = await fetch(appUrl('api/info/bugPicList'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ a1: album.recordId, a2: 'pic' }),
    signal,
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { d: RecordPicture[] };
  return album.toSlides(body.d.filter((picture) => album.classes.includes(picture.Class)));
}

/** The slides, re-read from the server while the lightbox is open; a failed read keeps what is shown. */
function useLiveSlides(initial: LightboxSlide[], album: LightboxAlbum | undefined): LightboxSlide[] {
  const [slides, setSlides] = useState(initial);
  useEffect(() => {
    if (!album) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const read = () => {
      readAlbum(album, controller.signal)
        .then((read) => {
          if (read && read.length > 0) setSlides(read);
        })
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) timer = setTimeout(read, lightboxRereadMs);
        });
    };
    timer = setTimeout(read, lightboxRefreshMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [album]);
  return slides;
}

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
  slides: initialSlides,
  index: initialIndex,
  album,
  onClose,
}: {
  slides: LightboxSlide[];
  index: number;
  /** The album to re-read while open; left out, the lightbox shows `slides` as given. */
  album?: LightboxAlbum;
  onClose: () => void;
}) {
  const slides = useLiveSlides(initialSlides, album);
  const [index, setIndex] = useState(initialIndex);
  // The phone's back button closes the viewer before it leaves the page, as it does a dialog
  // (modal-history.ts, decision 0010): an entry while open, taken off when closed another way.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const depth = pushModalEntry(() => onCloseRef.current());
    return () => removeModalEntry(depth);
  }, []);
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      on={{ view: ({ index: shown }) => setIndex(shown) }}
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
