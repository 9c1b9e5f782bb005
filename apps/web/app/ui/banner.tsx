import './ui.css';

export type BannerImage = {
  src: string;
  /** Intrinsic size, so the browser reserves the room before the image arrives. */
  width: number;
  height: number;
  /** Leave out for a decorative picture (the title already says what the page is). */
  alt?: string;
};

export type BannerProps = {
  image: BannerImage;
  title: string;
  subtitle?: string;
  /** Colour of the title and subtitle. */
  textColor?: string;
  /** Render the title as the page's h1 (for pages whose banner carries the page title). */
  titleIsPageHeading?: boolean;
  /** Banners sit at the top of a page, so they load first unless told otherwise. */
  lazy?: boolean;
};

/** Banner area: an image with a title and subtitle over it. */
export function Banner({
  image,
  title,
  subtitle,
  textColor = '#ffffff',
  titleIsPageHeading = false,
  lazy = false,
}: BannerProps) {
  const Title = titleIsPageHeading ? 'h1' : 'p';
  return (
    <div className="banner">
      <img
        className="banner__image"
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt ?? ''}
        loading={lazy ? 'lazy' : 'eager'}
        fetchPriority={lazy ? 'auto' : 'high'}
        decoding="async"
      />
      <div className="banner__text" style={{ color: textColor }}>
        <div className="container">
          <Title className="banner__title">{title}</Title>
          {subtitle ? <p className="banner__subtitle">{subtitle}</p> : null}
        </div>
      </div>
    </div>
  );
}
