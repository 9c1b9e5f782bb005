import type { IpmSheet } from '@pest/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { publicFileUrl } from '../kernel/file-url';
import { ipmDetailHref } from './reading-room-links';

export interface CoverCardProps {
  href: string;
  title: string;
  img: string | null;
  imgWidth: number | null;
  imgHeight: number | null;
  /** Short line above the title (category, year, type). */
  kicker?: ReactNode;
  detail?: string;
  /** Heading level of the title inside the list it sits in. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A card with a cover picture that links to a detail page. The picture is decorative (the title
 * says what it is), sized to reserve its room, and loaded lazily.
 */
export function CoverCard({
  href,
  title,
  img,
  imgWidth,
  imgHeight,
  kicker,
  detail,
  headingLevel = 'h2',
}: CoverCardProps) {
  const Heading = headingLevel;
  return (
    <article className="rr-card">
      {img && imgWidth && imgHeight ? (
        <img
          className="rr-card__image"
          src={publicFileUrl(img)}
          width={imgWidth}
          height={imgHeight}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="rr-card__body">
        {kicker ? <p className="rr-card__kicker">{kicker}</p> : null}
        <Heading className="rr-card__title">
          <Link prefetch="intent" to={href} className="rr-card__link">
            {title}
          </Link>
        </Heading>
        {detail ? <p className="rr-card__detail">{detail}</p> : null}
      </div>
    </article>
  );
}

/** An IPM sheet's card, as the category list and the IPM search show it. */
export function IpmSheetCard({
  sheet,
}: {
  sheet: Pick<IpmSheet, 'id' | 'title' | 'name' | 'detail' | 'img' | 'img_width' | 'img_height'>;
}) {
  return (
    <CoverCard
      href={ipmDetailHref(sheet.id)}
      title={sheet.title}
      img={sheet.img}
      imgWidth={sheet.img_width}
      imgHeight={sheet.img_height}
      kicker={sheet.name}
      detail={sheet.detail}
    />
  );
}
