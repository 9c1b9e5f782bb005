import { deskContactHidden } from '@pest/contracts';
import { useState } from 'react';
import { appUrl } from '../../kernel/file-url';
import { formatDateTime } from '../../ui/format-date-time';
import type { Route } from './+types/desk-case-route';

/*
 * The parts of a desk case staff read but do not change (desk-case-route.tsx holds the forms):
 * the question, the asker's contact details and the photos.
 */

type DeskCase = Route.ComponentProps['loaderData']['found'];

const photoGroups = { pic1: '遠照', pic2: '作物近照', pic3: '病蟲害近照' } as const;

/** What the asker asked: when, where, which crop, the description. */
export function DeskQuestionSection({ found }: { found: DeskCase }) {
  return (
    <section aria-labelledby="desk-question" className="desk-section">
      <h2 id="desk-question">提問</h2>
      <dl className="admin-detail">
        <div className="admin-detail__item">
          <dt>送出時間</dt>
          <dd>{formatDateTime(found.submitted_at)}</dd>
        </div>
        <div className="admin-detail__item">
          <dt>地點</dt>
          <dd>
            {found.county_name}
            {found.township_name}
          </dd>
        </div>
        <div className="admin-detail__item">
          <dt>作物</dt>
          <dd>{found.crop_name}</dd>
        </div>
        <div className="admin-detail__item desk-case__wide">
          <dt>問題描述</dt>
          <dd className="desk-case__description">{found.description}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The asker's contact details, for the assigned expert and admins only; gone once the case is withdrawn. */
export function DeskContactSection({ found }: { found: DeskCase }) {
  return (
    <section aria-labelledby="desk-contact" className="desk-section">
      <h2 id="desk-contact">提問者聯絡資料（僅指派專家與管理員可見）</h2>
      {found.withdrawn_at ? (
        <p>提問者已於 {formatDateTime(found.withdrawn_at)} 撤回此案件，個人資料與照片已刪除。</p>
      ) : found.contact_visible ? (
        <>
          <p className="field-description">您檢視這些資料的紀錄會寫入稽核紀錄。</p>
          <dl className="admin-detail">
            <div className="admin-detail__item">
              <dt>姓名</dt>
              <dd>{found.asker_name}</dd>
            </div>
            <div className="admin-detail__item">
              <dt>電子郵件</dt>
              <dd>
                <a href={`mailto:${found.asker_email}`}>{found.asker_email}</a>
              </dd>
            </div>
            <div className="admin-detail__item">
              <dt>電話</dt>
              <dd>
                <a href={`tel:${found.asker_phone}`}>{found.asker_phone}</a>
              </dd>
            </div>
            <div className="admin-detail__item">
              <dt>會員</dt>
              <dd>{found.member_id === null ? '訪客' : `會員編號 ${found.member_id}`}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p data-testid="desk-contact-hidden">{deskContactHidden}</p>
      )}
    </section>
  );
}

/**
 * The case's photos as thumbnails and one viewer beside them: a thumbnail shows its photo in the
 * viewer in place, so the reply box next to it stays in view (decision 0376); the viewer's link
 * opens the photo at full size in a new tab.
 */
export function DeskPhotosSection({ found }: { found: DeskCase }) {
  const photos = (Object.keys(photoGroups) as Array<keyof typeof photoGroups>).flatMap((group) =>
    found.photos
      .filter((photo) => photo.group === group)
      .map((photo, index) => ({ ...photo, label: `${photoGroups[group]} ${index + 1}` })),
  );
  const [shownId, setShownId] = useState(photos[0]?.id ?? null);
  const shown = photos.find((photo) => photo.id === shownId) ?? photos[0];
  return (
    <section aria-labelledby="desk-photos" className="desk-section">
      <h2 id="desk-photos">照片</h2>
      {shown ? (
        <>
          <figure className="desk-viewer">
            <img
              src={appUrl(shown.url)}
              alt={shown.label}
              width={shown.width ?? undefined}
              height={shown.height ?? undefined}
            />
            <figcaption>
              {shown.label}（第 {photos.indexOf(shown) + 1} 張，共 {photos.length} 張）{' '}
              <a href={appUrl(shown.url)} target="_blank" rel="noreferrer">
                開啟原尺寸
              </a>
            </figcaption>
          </figure>
          <ul className="desk-thumbs" aria-label="照片縮圖">
            {photos.map((photo) => (
              <li key={photo.id}>
                <button
                  type="button"
                  className="desk-thumb"
                  aria-pressed={photo.id === shown.id}
                  onClick={() => setShownId(photo.id)}
                >
                  <img src={appUrl(photo.url)} alt={`檢視${photo.label}`} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>沒有照片。</p>
      )}
    </section>
  );
}
