import { discussionMessages, type DiscussionQuestion } from '@pest/contracts';
import { useEffect, useRef, useState } from 'react';
import { appUrl } from '../kernel/file-url';

type Photo = DiscussionQuestion['photos'][number];

function PhotoOrState({ photo, alt, thumb }: { photo: Photo; alt: string; thumb?: boolean }) {
  if (photo.status === 'ready') {
    return (
      <img
        src={appUrl(thumb ? photo.thumbUrl : photo.url)}
        alt={alt}
        className={thumb ? 'discussion-gallery__thumb-image' : 'discussion-gallery__image'}
        loading={thumb ? 'lazy' : 'eager'}
        decoding="async"
      />
    );
  }
  return (
    <span
      className={
        thumb ? 'discussion-gallery__pending discussion-gallery__pending--thumb' : 'discussion-gallery__pending'
      }
    >
      {photo.status === 'processing' ? discussionMessages.photosProcessing : '照片無法處理'}
    </span>
  );
}

/**
 * The question's photos: a main slide with previous and next arrows and a strip of
 * thumbnails, 4 per view with a 10 px gap. A photo still being converted (HEIC) says so.
 */
export function PhotoGallery({ photos }: { photos: Photo[] }) {
  const [current, setCurrent] = useState(0);
  const strip = useRef<HTMLOListElement>(null);
  const count = photos.length;
  useEffect(() => {
    strip.current?.children[current]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  if (count === 0) return null;
  const photo = photos[Math.min(current, count - 1)] as Photo;
  const go = (step: number) => setCurrent((index) => (index + step + count) % count);
  return (
    <section className="discussion-gallery" aria-roledescription="輪播" aria-label="問題照片">
      <div className="discussion-gallery__main">
        <button
          type="button"
          className="discussion-gallery__arrow"
          onClick={() => go(-1)}
          aria-label="上一張"
          disabled={count < 2}
        >
          ‹
        </button>
        <figure className="discussion-gallery__slide" aria-live="polite">
          <PhotoOrState photo={photo} alt={`問題照片第 ${current + 1} 張，共 ${count} 張`} />
          <figcaption className="discussion-gallery__caption">
            {current + 1} / {count}
          </figcaption>
        </figure>
        <button
          type="button"
          className="discussion-gallery__arrow"
          onClick={() => go(1)}
          aria-label="下一張"
          disabled={count < 2}
        >
          ›
        </button>
      </div>
      {count > 1 ? (
        <ol className="discussion-gallery__thumbs" ref={strip} aria-label="縮圖">
          {photos.map((item, index) => (
            <li key={item.name}>
              <button
                type="button"
                className={index === current ? 'discussion-gallery__thumb is-current' : 'discussion-gallery__thumb'}
                onClick={() => setCurrent(index)}
                aria-label={`第 ${index + 1} 張`}
                aria-current={index === current ? 'true' : undefined}
              >
                <PhotoOrState photo={item} alt="" thumb />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
