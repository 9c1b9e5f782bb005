import { pictureClassLabels, type PictureClass, type RecordPicture } from '@pest/contracts';
import { lazy, Suspense, useMemo, useState, type MouseEvent } from 'react';
import { Spinner } from '../ui/spinner';
import type { LightboxAlbum, LightboxSlide } from './album-lightbox';
import { pictureUrl, pictureVariantWidths, thumbSrcSet } from './record-links';

const loadLightbox = () => import('./album-lightbox');
const AlbumLightbox = lazy(loadLightbox);

/** Width the thumbnails are laid out at; the height keeps each picture's own proportions. */
const thumbWidth = 240;

export function pictureAlt(picture: RecordPicture, recordName: string, index: number): string {
  return picture.caption.trim() || `${recordName} ${pictureClassLabels[picture.Class]}照片 ${index + 1}`;
}

/** Who took or drew a picture and under what licence, as shown with it ('' when neither is recorded). */
export function pictureCredit(picture: Pick<RecordPicture, 'credit' | 'licence'>): string {
  const credit = picture.credit.trim();
  const licence = picture.licence.trim();
  if (!credit && !licence) return '';
  return [credit ? `作者／來源：${credit}` : '', licence ? `授權：${licence}` : ''].filter(Boolean).join('，');
}

function toSlide(picture: RecordPicture, recordName: string, index: number): LightboxSlide {
  const alt = pictureAlt(picture, recordName, index);
  const mediumWidth = Math.min(picture.width, pictureVariantWidths.mod);
  return {
    src: pictureUrl(picture.url),
    alt,
    width: picture.width,
    height: picture.height,
    ...(picture.caption.trim() || pictureCredit(picture)
      ? { description: [picture.caption.trim(), pictureCredit(picture)].filter(Boolean).join('\n') }
      : {}),
    srcSet: [
      {
        src: pictureUrl(picture.modUrl),
        width: mediumWidth,
        height: Math.round((picture.height * mediumWidth) / picture.width),
      },
      { src: pictureUrl(picture.url), width: picture.width, height: picture.height },
    ],
  };
}

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Thumbnails that open a lightbox. Each thumbnail is a plain link to the full picture, so it
 * works before hydration and for visitors who open it in a new tab; a plain click opens the
 * lightbox instead, loading its code on first use (and warming it up on hover or focus).
 */
export function PictureGallery({
  pictures,
  recordName,
  recordId,
  classes,
}: {
  pictures: RecordPicture[];
  recordName: string;
  /** The record and the picture classes shown, so an open lightbox can re-read its album. */
  recordId?: number;
  classes?: readonly PictureClass[];
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const slides = useMemo(
    () => pictures.map((picture, index) => toSlide(picture, recordName, index)),
    [pictures, recordName],
  );
  const album = useMemo<LightboxAlbum | undefined>(
    () =>
      recordId !== undefined && classes
        ? {
            recordId,
            classes,
            toSlides: (read) => read.map((picture, index) => toSlide(picture, recordName, index)),
          }
        : undefined,
    [recordId, classes, recordName],
  );
  if (pictures.length === 0) return null;

  return (
    <>
      <ul className="picture-grid">
        {pictures.map((picture, index) => (
          <li key={picture.id} className="picture-grid__item">
            <figure className="picture-grid__figure">
              <a
                className="picture-grid__link"
                href={pictureUrl(picture.url)}
                onPointerEnter={() => void loadLightbox()}
                onFocus={() => void loadLightbox()}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  setOpenIndex(index);
                }}
              >
                <img
                  className="picture-grid__image"
                  src={pictureUrl(picture.thumbUrl)}
                  srcSet={thumbSrcSet(picture.thumbUrl, picture.modUrl)}
                  sizes="(min-width: 992px) 285px, (min-width: 600px) 30vw, 45vw"
                  alt={pictureAlt(picture, recordName, index)}
                  width={thumbWidth}
                  height={Math.round((picture.height * thumbWidth) / Math.max(picture.width, 1))}
                  loading="lazy"
                  decoding="async"
                />
              </a>
              {picture.caption.trim() || pictureCredit(picture) ? (
                <figcaption className="picture-grid__caption">
                  {/* The caption is the picture's alt text already: said once. */}
                  {picture.caption.trim() ? <span aria-hidden="true">{picture.caption}</span> : null}
                  {pictureCredit(picture) ? (
                    <small className="picture-grid__credit">{pictureCredit(picture)}</small>
                  ) : null}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
      {openIndex !== null ? (
        <Suspense fallback={<Spinner label="載入照片檢視" overlay />}>
          <AlbumLightbox slides={slides} index={openIndex} album={album} onClose={() => setOpenIndex(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
