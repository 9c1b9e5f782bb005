import type { ConsultationCrop } from '@pest/contracts';
import { Link } from 'react-router';
import { advisoryHref, wizardHref, wizardPictureSrcSet, wizardPictureUrl } from './wizard-links';
import './wizard.css';

/** The home page's consultation shortcuts, in this order. */
export const homeConsultationCropIds = [10, 9, 3, 5, 2, 7] as const;

/** The shortcut crops that are online, in the home page's order (a crop taken offline drops out). */
export function pickHomeConsultationCrops(crops: readonly ConsultationCrop[]): ConsultationCrop[] {
  return homeConsultationCropIds.flatMap((id) => crops.filter((crop) => crop.id === id));
}

/** Home page: one shortcut per crop into its diagnosis wizard, and one to image consultation. */
export function HomeConsultationSection({ crops }: { crops: ConsultationCrop[] }) {
  return (
    <section className="home-consultation container" aria-labelledby="home-consultation-heading">
      <div className="home-consultation__heading">
        <h2 id="home-consultation-heading" className="home-consultation__title">
          病蟲害諮詢
        </h2>
        <Link to={wizardHref()}>
          所有作物<span className="visually-hidden">（病蟲害診斷）</span>
        </Link>
      </div>
      <ul className="wizard-cards">
        {crops.map((crop) => (
          <li key={crop.id}>
            <Link to={wizardHref(crop.id)} className="wizard-card wizard-card--link">
              {crop.pic2 ? (
                <img
                  className="wizard-card__picture"
                  src={wizardPictureUrl(crop.pic2)}
                  {...(wizardPictureSrcSet(crop.pic2)
                    ? {
                        srcSet: wizardPictureSrcSet(crop.pic2),
                        sizes: '(min-width: 992px) 150px, (min-width: 600px) 22vw, 45vw',
                      }
                    : {})}
                  width={480}
                  height={360}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="wizard-card__picture wizard-card__picture--empty" aria-hidden="true" />
              )}
              <span className="wizard-card__label">
                {crop.cname}
                <span className="visually-hidden">病蟲害診斷</span>
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={advisoryHref} className="wizard-card wizard-card--link home-consultation__advisory">
            <svg className="home-consultation__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M4 7h3l1.5-2h7L17 7h3v12H4z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
              <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
            <span className="wizard-card__label">影像諮詢</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
