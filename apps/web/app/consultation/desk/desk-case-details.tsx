import { deskContactHidden } from '@pest/contracts';
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

/** The case's photos by group, each opening at full size. */
export function DeskPhotosSection({ found }: { found: DeskCase }) {
  return (
    <section aria-labelledby="desk-photos" className="desk-section">
      <h2 id="desk-photos">照片</h2>
      {found.photos.length === 0 ? <p>沒有照片。</p> : null}
      {(Object.keys(photoGroups) as Array<keyof typeof photoGroups>).map((group) => {
        const photos = found.photos.filter((photo) => photo.group === group);
        if (photos.length === 0) return null;
        return (
          <div key={group}>
            <h3>{photoGroups[group]}</h3>
            <ul className="desk-photos">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={appUrl(photo.url)} target="_blank" rel="noreferrer">
                    <img
                      src={appUrl(photo.url)}
                      alt={`${photoGroups[group]} ${index + 1}（開啟原尺寸）`}
                      width={photo.width ?? undefined}
                      height={photo.height ?? undefined}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
