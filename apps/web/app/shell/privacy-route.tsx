import { Link } from 'react-router';
import { pageMeta } from '../kernel/page-meta';
import { Breadcrumb } from '../ui/breadcrumb';
import type { Route } from './+types/privacy-route';
import { privacyPolicyRevised, privacyTopics } from './privacy-topics';
import './privacy.css';

/**
 * 隱私權政策: what each form collects, why, who sees it, how long it is kept and how
 * to see, correct or delete it (個人資料保護法 §3, §8, §11). The institute, its contact and the
 * retention periods come from the server, so the page states what this deployment really does.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { facts: await context.services.site.getPrivacyPolicyFacts() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, {
    title: '隱私權政策',
    description: '本網站蒐集哪些個人資料、為何蒐集、誰看得到、保存多久，以及您如何查詢、更正、下載或刪除。',
    path: '/privacy',
  });

export default function PrivacyRoute({ loaderData }: Route.ComponentProps) {
  const { facts } = loaderData;
  const keeper = facts.institute_name || facts.website_title;
  return (
    <>
      <Breadcrumb items={[{ title: '隱私權政策' }]} />
      <div className="container privacy-page">
        <h1>隱私權政策</h1>
        <p>
          {keeper}
          （以下稱「本機關」）依個人資料保護法，只為下列說明的目的蒐集、處理及利用您的個人資料，不作其他用途，也不提供或出售給第三人；法律另有規定者除外。本頁說明每一個表單蒐集哪些資料、為什麼、誰看得到、保存多久，以及您可以怎麼查詢、更正、下載或刪除。
        </p>
        <p className="privacy-page__revised">最後修訂：{privacyPolicyRevised}</p>

        <nav aria-labelledby="privacy-contents" className="privacy-page__contents">
          <h2 id="privacy-contents">目錄</h2>
          <ol>
            <li>
              <a href="#privacy-collected">各表單蒐集的資料</a>
            </li>
            <li>
              <a href="#privacy-rights">您的權利與行使方式</a>
            </li>
            <li>
              <a href="#privacy-cookies">Cookie 與網站紀錄</a>
            </li>
            <li>
              <a href="#privacy-security">安全措施與備份</a>
            </li>
            <li>
              <a href="#privacy-contact">聯絡我們</a>
            </li>
          </ol>
        </nav>

        <section aria-labelledby="privacy-collected">
          <h2 id="privacy-collected">各表單蒐集的資料</h2>
          {privacyTopics(facts).map((topic) => (
            <section key={topic.id} aria-labelledby={`privacy-${topic.id}`} className="privacy-topic">
              <h3 id={`privacy-${topic.id}`}>{topic.title}</h3>
              <dl>
                <dt>在哪裡</dt>
                <dd>{topic.where}</dd>
                <dt>蒐集的資料</dt>
                <dd>{topic.collected}</dd>
                <dt>目的</dt>
                <dd>{topic.purpose}</dd>
                <dt>誰看得到</dt>
                <dd>{topic.seenBy}</dd>
                <dt>保存多久</dt>
                <dd>{topic.kept}</dd>
              </dl>
            </section>
          ))}
        </section>

        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">您的權利與行使方式</h2>
          <p>依個人資料保護法第 3 條，您可以對自己的個人資料行使下列權利，本機關不收取費用：</p>
          <ul>
            <li>
              <strong>查詢、閱覽及製給複製本：</strong>會員在<Link to="/member">會員專區</Link>
              的「我的個人資料」按「申請下載我的資料」，系統把會員資料、詢價單、諮詢案件（含照片）、討論區發文、聯絡信件、病蟲害警報與推播通知的訂閱和登入紀錄打包成一個
              ZIP 檔，並把下載連結寄到您的電子郵件：連結限登入後使用一次、7 天內有效，每 24 小時可申請一次；檔案下載後或
              7 天後刪除。
            </li>
            <li>
              <strong>補充或更正：</strong>會員在<Link to="/member">會員專區</Link>
              修改姓名與電子郵件；變更電子郵件須輸入目前的密碼，並由新信箱確認後才生效，原信箱也會收到通知。
            </li>
            <li>
              <strong>請求停止蒐集、處理、利用或刪除：</strong>會員在<Link to="/member">會員專區</Link>
              「刪除帳號」（須輸入密碼）：所有裝置的登入即結束；會員資料、購物車、未公開的諮詢案件連同照片、連結的 LINE
              身分與討論區發文、登入時送出的聯絡信件、病蟲害警報與推播通知的訂閱一併刪除；已公開的諮詢案例只保留去識別化的內容（例如「王OO」）；詢價單只保留會計所需的單號、品項、數量、狀態、公司或單位名稱、匯款末五碼與日期，姓名、電話、電子郵件、地址與訊息會被清除；寄出的信件副本只留下寄送時間。
            </li>
            <li>
              <strong>未登入的諮詢者：</strong>
              用送出問題後收到的追蹤連結，可以查看回覆，也可以「撤回並刪除」案件，照片與個人資料隨即刪除；已公開的回覆只有在您當初同意公開時，才以去識別化的方式保留。
            </li>
            <li>
              <strong>專家討論區（LINE）：</strong>在<Link to="/expert">專家討論區</Link>
              的「我的資料與隱私」可以下載或刪除您的提問、留言與照片，並移除本站保存的 LINE
              身分；刪除提問時，其他人在該提問下的留言也會一併刪除。
            </li>
          </ul>
          <p>
            無法自行操作，或對本政策有疑問時，請依下方「聯絡我們」與本機關聯繫；本機關將於 15 日內答覆，必要時得延長 15
            日並通知您。
          </p>
        </section>

        <section aria-labelledby="privacy-cookies">
          <h2 id="privacy-cookies">Cookie 與網站紀錄</h2>
          <ul>
            <li>
              登入時設定 <code>pest_session</code>（登入狀態）與 <code>XSRF-TOKEN</code>
              （防止其他網站冒用您的身分送出表單），專家討論區另設討論區登入狀態的 Cookie；都不用於追蹤或廣告。
            </li>
            <li>
              伺服器紀錄每個請求的方法、網址、狀態與處理時間，網址中的連結密鑰會先遮蔽；不記錄您的 IP
              位址或填寫的內容。流量限制與瀏覽次數只以當日變換的加鹽雜湊區分訪客，隔日即無法還原。
            </li>
            {facts.analytics ? (
              <li>
                本網站使用 Google 分析統計瀏覽情形，Google 會設定自己的 Cookie；您可以在瀏覽器封鎖第三方 Cookie 或安裝
                Google 分析停用外掛。
              </li>
            ) : (
              <li>本網站目前未使用 Google 分析或其他第三方追蹤工具。</li>
            )}
          </ul>
        </section>

        <section aria-labelledby="privacy-security">
          <h2 id="privacy-security">安全措施與備份</h2>
          <ul>
            <li>正式網站全程以 HTTPS 傳輸；密碼只保存無法還原的雜湊值（argon2id）。</li>
            <li>上傳的照片會重新編碼，移除拍攝位置（GPS）等中繼資料後才保存。</li>
            <li>
              工作人員只看得到職務需要的資料：諮詢者的姓名、電話與電子郵件只有指派的專家與管理員看得到，每一次檢視都記錄在稽核紀錄中。
            </li>
            <li>{`寄出的電子郵件副本保存 ${facts.retention.mail_days} 天後刪除。`}</li>
            <li>
              {`已刪除的資料仍會留在刪除前製作的備份中，備份最長保存 ${facts.retention.backup_days} 天後覆寫；備份只用於災害復原，不會用來恢復您已刪除的資料。`}
            </li>
          </ul>
        </section>

        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact">聯絡我們</h2>
          <dl className="privacy-page__contact">
            <dt>個人資料管理機關</dt>
            <dd>{keeper}</dd>
            {facts.contact_email ? (
              <>
                <dt>電子郵件</dt>
                <dd>
                  <a href={`mailto:${facts.contact_email}`}>{facts.contact_email}</a>
                </dd>
              </>
            ) : null}
            {facts.contact_phone ? (
              <>
                <dt>電話</dt>
                <dd>
                  <a href={`tel:${facts.contact_phone.replace(/[^0-9+#]/g, '')}`}>{facts.contact_phone}</a>
                </dd>
              </>
            ) : null}
            {facts.contact_address ? (
              <>
                <dt>地址</dt>
                <dd>{facts.contact_address}</dd>
              </>
            ) : null}
          </dl>
          <p>
            也可以使用<Link to="/contact">聯絡我們</Link>表單，並在訊息中說明您要行使的權利。
          </p>
        </section>
      </div>
    </>
  );
}
